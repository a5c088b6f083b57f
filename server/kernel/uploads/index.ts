export { uploadFiles, DEFAULT_MAX_UPLOAD_BYTES, type UploadOptions } from './upload-files';
export { stageFiles, discardStaged, stagingDir, FORM_TEXT_BYTES, type FileRule, type StagingPlan, type StagedPart, type StagedUpload, type UploadError } from './stage-files';
export { saveStagedUpload } from './save-upload';
export { UPLOAD_TYPES, ALL_UPLOAD_EXTENSIONS, detectAllowedType, detectAllowedTypeOfFile, extensionOf, formatBytes, isCleanUtf8, type UploadExtension } from './file-checks';
export { keepUploads } from './keep-uploads';
