export { cleanRichText } from './clean-rich-text';
