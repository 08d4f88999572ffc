/** A multipart/form-data body with one file, as a browser's FormData would send it. */
export function multipartFile(
  bytes: Uint8Array,
  { field = 'file', filename = 'upload.bin', contentType = 'application/octet-stream' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dealclub${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG signature followed by padding up to `size` bytes. */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0);
  PNG_1PX.copy(bytes, 0, 0, Math.min(PNG_1PX.length, size));
  return bytes;
}

/** A multipart/form-data body with text fields and, optionally, one file, as FormData sends it. */
export function multipartForm(
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array; filename?: string; contentType?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dealclub${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'upload.bin'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
