// tsconfig uses `moduleResolution: node` (commonjs server), which ignores package `exports`;
// vite 8 and its React plugin publish their types only there. Point tsc at the files.
declare module 'vite' {
  export * from 'vite/dist/node/index';
}
declare module '@vitejs/plugin-react' {
  export * from '@vitejs/plugin-react/dist/index';
  export { default } from '@vitejs/plugin-react/dist/index';
}
