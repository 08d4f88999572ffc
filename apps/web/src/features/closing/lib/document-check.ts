/**
 * The check of a chosen closing document before it is sent, by the server's own rules
 * (`@dealclub/shared/closing`): PDF, JPEG or PNG judged by the file's first bytes, at most 20 MB,
 * at most 10 per milestone. The answer is the server's error code, so the message is the same as
 * the server's refusal would be.
 */
import { CLOSING_DOCUMENT_MAX_BYTES, CLOSING_DOCUMENTS_PER_MILESTONE } from '@dealclub/shared/closing';
import type { ErrorCode } from '@dealclub/shared/errors';
import { sniffStatementType } from '@dealclub/shared/verifications';

function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/** Why `file` would be refused on a milestone that holds `held` documents, or null. */
export async function closingDocumentProblem(file: File | null, held: number): Promise<ErrorCode | null> {
  if (!file || file.size === 0) return 'FILE_REQUIRED';
  if (held >= CLOSING_DOCUMENTS_PER_MILESTONE) return 'CLOSING_DOCUMENT_LIMIT';
  if (file.size > CLOSING_DOCUMENT_MAX_BYTES) return 'CLOSING_DOCUMENT_TOO_LARGE';
  return sniffStatementType(await firstBytes(file, 8)) ? null : 'CLOSING_DOCUMENT_TYPE_UNSUPPORTED';
}
