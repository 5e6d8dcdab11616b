import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InputField } from '@shared/onboarding/fields';
import { acceptedTypesOf, imageContentTypes, type DocumentContentType, type DocumentView } from '@shared/onboarding/documents';
import { ApiError } from '@frontend/lib/http';
import { formatKilobytes } from '@frontend/lib/format';
import { Dialog } from '@frontend/components/dialog/dialog';
import { FieldError } from '@frontend/components/field-error/field-error';
import { FileDropZone } from '@frontend/components/file-drop-zone/file-drop-zone';
import { fileDropProblemOf, fileDropText } from './file-drop';
import { documentLink, uploadDocument } from './onboarding-api';
import { jpegName, resizeImage } from './resize-image';

type DocumentFieldDefinition = Extract<InputField, { type: 'file' | 'image' }>;

export interface KnownDocument extends DocumentView {
  /** A preview made in this browser from the file before upload: no round trip to show what was just chosen. */
  localUrl?: string;
}

interface DocumentFieldProps {
  field: DocumentFieldDefinition;
  name: string;
  label: string;
  value: string;
  document: KnownDocument | undefined;
  /** Already translated. */
  error: string | undefined;
  onUploaded: (document: KnownDocument) => void;
  /** The field lets go of its document (removed, or replaced by a new upload). */
  onRelease: (documentId: string) => void;
  onChange: (documentId: string) => void;
  onBlur: () => void;
}

/**
 * One onboarding document (SPEC section 5: a single file, images and PDF, at most 10,000,000 bytes). Images are
 * reduced to the field's bounds as JPEG first; the server accepts the file only after checking its bytes.
 */
export function DocumentField({ field, name, label, value, document, error, onUploaded, onRelease, onChange, onBlur }: DocumentFieldProps) {
  const { t } = useTranslation(['signup', 'errors']);
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const accepted = acceptedTypesOf(field.document);
  const link = useQuery({
    queryKey: ['onboarding', 'document-link', value],
    queryFn: () => documentLink(value),
    enabled: Boolean(value) && Boolean(document) && !document?.localUrl,
    // The link lives a minute; a fresh one is fetched before it runs out.
    staleTime: 45_000,
    refetchInterval: 45_000,
  });
  const url = document?.localUrl ?? link.data?.url;
  const isImage = document ? imageContentTypes.includes(document.contentType) : false;

  const choose = async (files: readonly File[]) => {
    setProblem(null);
    const found = fileDropProblemOf(files, accepted);
    const [file] = files;
    if (found || !file) {
      setProblem(found);
      return;
    }
    setUploading(true);
    try {
      let blob: Blob = file;
      let fileName = file.name;
      let contentType = file.type as DocumentContentType;
      if (field.type === 'image') {
        blob = await resizeImage(file, field.resize);
        fileName = jpegName(file.name);
        contentType = 'image/jpeg';
      }
      const stored = await uploadDocument(field.document, blob, fileName, contentType);
      if (value) onRelease(value);
      onUploaded({ ...stored, localUrl: imageContentTypes.includes(stored.contentType) ? URL.createObjectURL(blob) : undefined });
      onChange(stored.documentId);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.code : 'FILE_TYPE_NOT_ALLOWED');
    } finally {
      setUploading(false);
      onBlur();
    }
  };

  const imagesOnly = !accepted.includes('application/pdf');
  const message = problem ? fileDropText(t, problem, imagesOnly) : error;
  const messageId = message ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;
  return (
    <div className="field document-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {value && document && (
        <div className="document-field__current">
          {isImage && url ? (
            <button type="button" className="document-field__thumb-button" onClick={() => setPreviewOpen(true)} aria-label={t('signup:documents.preview', { name: document.fileName })}>
              <img src={url} alt="" className="document-field__thumb" />
            </button>
          ) : (
            <span className="document-field__icon" aria-hidden="true">
              PDF
            </span>
          )}
          <div className="document-field__details">
            <span className="document-field__name">{document.fileName}</span>
            <span className="document-field__size">{formatKilobytes(document.size)}</span>
            <span className="document-field__actions">
              {url && !isImage && (
                <a href={url} target="_blank" rel="noreferrer">
                  {t('signup:documents.open')}
                </a>
              )}
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  onRelease(value);
                  onChange('');
                  onBlur();
                }}
                aria-label={t('signup:documents.remove', { name: document.fileName })}
              >
                {t('signup:documents.removeShort')}
              </button>
            </span>
          </div>
        </div>
      )}
      {/* The drop area (SPEC section 8's file drop). */}
      <FileDropZone
        id={id}
        name={name}
        accept={accepted.join(',')}
        chosen={Boolean(value)}
        busy={uploading}
        invalid={Boolean(message)}
        describedBy={[hintId, messageId].filter(Boolean).join(' ')}
        hintId={hintId}
        hint={
          <>
            {value && <span className="visually-hidden">{`${t('signup:documents.replaceHint')} `}</span>}
            {t(field.type === 'image' ? 'signup:documents.imageHint' : 'signup:documents.fileHint')}
          </>
        }
        dropText={t('signup:documents.dropNow')}
        onFiles={(files) => void choose(files)}
      />
      {uploading && (
        <p className="document-field__progress" role="status">
          <span className="document-field__spinner" aria-hidden="true" />
          {t('signup:documents.uploading')}
        </p>
      )}
      <FieldError id={messageId} message={message} />
      {isImage && url && document && (
        <ImagePreview open={previewOpen} url={url} title={document.fileName} onClose={() => setPreviewOpen(false)} />
      )}
    </div>
  );
}

/** SPEC section 9: the preview shows the image at most 300 by 300 pixels. */
function ImagePreview({ open, url, title, onClose }: { open: boolean; url: string; title: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} title={title} onClose={onClose} className="document-preview">
      <img src={url} alt={title} className="document-preview__image" />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
