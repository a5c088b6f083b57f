export { uploadFiles, DEFAULT_MAX_UPLOAD_BYTES, type UploadError, type UploadOptions, type StagedUpload } from './upload-files';
export { saveStagedUpload } from './save-upload';
export { UPLOAD_TYPES, ALL_UPLOAD_EXTENSIONS, detectAllowedType, extensionOf, formatBytes, isCleanUtf8, type UploadExtension } from './file-checks';
export { keepUploads } from './keep-uploads';
