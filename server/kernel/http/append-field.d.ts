/** append-field (multer's): sets `value` in `store` at the bracket path of `key` (`a[b][]`). */
declare module 'append-field' {
  function appendField(store: Record<string, unknown>, key: string, value: unknown): void;
  export = appendField;
}
