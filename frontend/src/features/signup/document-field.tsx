import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InputField } from '@shared/onboarding/fields';
import { acceptedTypesOf, imageContentTypes, type DocumentContentType, type DocumentView } from '@shared/onboarding/documents';
import { ApiError } from '@frontend/lib/http';
import { formatKilobytes } from '@frontend/lib/format';
import { Dialog } from '@frontend/components/dialog/dialog';
import { FieldError } from '@frontend/components/field-error/field-error';
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
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
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
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const imagesOnly = !accepted.includes('application/pdf');
  const message = problem ? fileDropText(t, problem, imagesOnly) : error;
  const messageId = message ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;
  const zoneClass = ['document-drop', dragging && 'document-drop--over', message && 'document-drop--invalid', uploading && 'document-drop--busy']
    .filter(Boolean)
    .join(' ');
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
      {/*
        The drop area (SPEC section 8's file drop). The file input itself stays the control: it is labelled, takes the
        focus and opens the browser's chooser with Enter or Space; it is only drawn as the area around it.
      */}
      <div
        className={zoneClass}
        onDragEnter={(event) => {
          if (!uploading && event.dataTransfer.types.includes('Files')) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
          if (!uploading) setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (uploading) return;
          void choose([...event.dataTransfer.files]);
        }}
        onClick={(event) => {
          // The area opens the chooser like the input does; a click on the input itself opens it already.
          if (event.target !== inputRef.current) inputRef.current?.click();
        }}
      >
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          className="visually-hidden"
          accept={accepted.join(',')}
          disabled={uploading}
          aria-invalid={message ? true : undefined}
          aria-describedby={[hintId, messageId].filter(Boolean).join(' ')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length > 0) void choose(files);
          }}
        />
        <span className="document-drop__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 16V4" />
            <path d="m7 9 5-5 5 5" />
            <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
        </span>
        <span className="document-drop__text" aria-hidden="true">
          {dragging ? (
            t('signup:documents.dropNow')
          ) : (
            <>
              <span className="document-drop__choose">{t(value ? 'signup:documents.chooseAnother' : 'signup:documents.choose')}</span>{' '}
              {t('signup:documents.dragHere')}
            </>
          )}
        </span>
        <span id={hintId} className="document-drop__hint">
          {value && <span className="visually-hidden">{`${t('signup:documents.replaceHint')} `}</span>}
          {t(field.type === 'image' ? 'signup:documents.imageHint' : 'signup:documents.fileHint')}
        </span>
      </div>
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
