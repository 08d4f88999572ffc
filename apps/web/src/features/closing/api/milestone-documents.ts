/**
 * A milestone's documents: adding one (`POST …/closing/milestones/{key}/documents`, multipart
 * `file`; any member of an open room) and downloading one (`GET …/closing/documents/{documentId}`,
 * with the bearer token, which is why it is not a plain link). They sit in private storage.
 */
import type { ClosingDocument } from '@dealclub/shared/closing';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { roomPath, useRoomStep, type RoomAnswer } from './closing-room';

export function useUploadDocument(dealId: string) {
  return useRoomStep(dealId, ({ key, file }: { key: string; file: File }, room) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<RoomAnswer & { document: ClosingDocument }>(
      `${roomPath(dealId)}/milestones/${encodeURIComponent(key)}/documents${room}`,
      { method: 'POST', form },
    );
  });
}

/** Saves a document under the name the server gives it (else the one the room shows). */
export async function downloadDocument(dealId: string, document: Pick<ClosingDocument, 'id' | 'name'>) {
  const { blob, filename } = await apiDownload(
    `${roomPath(dealId)}/documents/${encodeURIComponent(document.id)}`,
  );
  // The download helper comes with the first download, not with the room.
  const { saveFile } = await import('@/lib/download');
  saveFile(blob, filename ?? document.name);
}
