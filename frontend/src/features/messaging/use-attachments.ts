import { useCallback, useRef, useState } from 'react';
import type { CreateAttachmentUpload } from '@shared/messaging';
import type { DocumentContentType } from '@shared/onboarding/documents';
import { errorCodeOf } from '@frontend/lib/api-error';
import { uploadToBucket, type PresignedPost } from '@frontend/lib/upload-to-bucket';
import { chooseAttachments, type RefusedFile } from './attachment-choice';

export interface ChosenFile {
  key: string;
  file: File;
  state: 'uploading' | 'uploaded' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  attachmentId?: string;
  /** Why the upload failed: a message code of the errors namespace. */
  code?: string;
}

type CreateUpload = (body: CreateAttachmentUpload) => Promise<PresignedPost & { attachmentId: string }>;

/**
 * The files chosen for one message. Each goes to the bucket as soon as it is chosen (its progress shows), so sending
 * waits only for the message; a failed send keeps them, and a retry sends the same attachment ids again.
 */
export function useAttachments(createUpload: CreateUpload) {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  // A file removed while it uploads must not come back when its upload ends.
  const live = useRef(new Set<string>());

  const update = useCallback((key: string, change: Partial<ChosenFile>) => {
    if (!live.current.has(key)) return;
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const upload = useCallback(
    async (key: string, file: File) => {
      try {
        const post = await createUpload({ fileName: file.name, contentType: file.type as DocumentContentType, size: file.size });
        await uploadToBucket(post, file, file.name, (progress) => update(key, { progress }));
        update(key, { state: 'uploaded', progress: 1, attachmentId: post.attachmentId });
      } catch (error) {
        update(key, { state: 'failed', code: errorCodeOf(error) === 'INTERNAL' ? 'UPLOAD_MISSING' : errorCodeOf(error) });
      }
    },
    [createUpload, update],
  );

  const add = (chosen: readonly File[]) => {
    const { accepted, refused: problems } = chooseAttachments(files.length, chosen);
    setRefused(problems);
    const added = accepted.map((file): ChosenFile => ({ key: crypto.randomUUID(), file, state: 'uploading', progress: 0 }));
    for (const entry of added) live.current.add(entry.key);
    setFiles((current) => [...current, ...added]);
    for (const entry of added) void upload(entry.key, entry.file);
  };

  const remove = (key: string) => {
    live.current.delete(key);
    setRefused([]);
    setFiles((current) => current.filter((file) => file.key !== key));
  };

  const retry = (key: string) => {
    const entry = files.find((file) => file.key === key);
    if (!entry) return;
    update(key, { state: 'uploading', progress: 0, code: undefined });
    void upload(key, entry.file);
  };

  const clear = () => {
    live.current.clear();
    setFiles([]);
    setRefused([]);
  };

  return {
    files,
    refused,
    add,
    remove,
    retry,
    clear,
    uploading: files.some((file) => file.state === 'uploading'),
    failed: files.some((file) => file.state === 'failed'),
    attachmentIds: files.flatMap((file) => (file.attachmentId ? [file.attachmentId] : [])),
  };
}
