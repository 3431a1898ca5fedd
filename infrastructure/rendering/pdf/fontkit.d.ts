// fontkit ships no types; this module uses only `create`, whose font pdfkit takes as a font source.
declare module 'fontkit' {
  export function create(buffer: Uint8Array): { layout(text: string): unknown };
}
