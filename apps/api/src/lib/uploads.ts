/**
 * Reading one uploaded image from a multipart request: at most `maxBytes` (the stream is cut off
 * there, never buffered whole), and a JPEG, PNG or WebP by its bytes, whatever its name or declared
 * type says (DECISIONS.md, Files).
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@dealclub/shared/errors';
import { sniffImageType, type ImageType } from '@dealclub/shared/preferences';
import { AppError } from './app-error';

export interface ImageUpload {
  bytes: Buffer;
  type: ImageType;
}

const isTooLarge = (error: unknown) =>
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
  (error as { code?: string }).code === 'FST_FILES_LIMIT';

/** One uploaded file's bytes, cut off at `maxBytes` (answered with `tooLarge`). */
export async function readFileUpload(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: ErrorCode,
): Promise<Buffer> {
  return (await readNamedFileUpload(request, maxBytes, tooLarge)).bytes;
}

/** The same, with the file name the sender gave (to show, never to trust). */
export async function readNamedFileUpload(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: ErrorCode,
): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  let bytes: Buffer;
  let filename: string;
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
    if (!part) throw new AppError('FILE_REQUIRED');
    filename = part.filename;
    bytes = await part.toBuffer();
  } catch (error) {
    if (isTooLarge(error)) throw new AppError(tooLarge);
    if (error instanceof AppError) throw error;
    // A malformed multipart body (cut off, no boundary) is the sender's problem, not ours.
    if ((error as { statusCode?: number }).statusCode === undefined) throw new AppError('BAD_REQUEST');
    throw error;
  }
  if (bytes.length === 0) throw new AppError('FILE_REQUIRED');
  return { bytes, filename };
}

export async function readImageUpload(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: ErrorCode,
): Promise<ImageUpload> {
  const bytes = await readFileUpload(request, maxBytes, tooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('IMAGE_TYPE_UNSUPPORTED');
  return { bytes, type };
}
