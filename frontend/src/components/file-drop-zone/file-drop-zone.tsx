import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './file-drop-zone.css';

interface FileDropZoneProps {
  /** The input's id, for the field's label. */
  id: string;
  accept: string;
  /** The file chosen so far, shown in the area. */
  fileName: string | null;
  /** Already translated; shown under the area's words. */
  hint?: string;
  invalid?: boolean;
  describedBy?: string;
  onFile: (file: File | undefined) => void;
}

/**
 * The portal's drop area for one file (as the onboarding documents have it): the file input stays the control,
 * labelled, focusable and opening the chooser with Enter or Space; the dashed area around it takes a dropped file.
 */
export function FileDropZone({ id, accept, fileName, hint, invalid = false, describedBy, onFile }: FileDropZoneProps) {
  const { t } = useTranslation('common');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const zoneClass = ['file-drop', dragging && 'file-drop--over', invalid && 'file-drop--invalid'].filter(Boolean).join(' ');
  return (
    <div
      className={zoneClass}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFile(event.dataTransfer.files[0]);
      }}
      onClick={(event) => {
        if (event.target !== inputRef.current) inputRef.current?.click();
      }}
    >
      <input
        ref={inputRef}
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <span className="file-drop__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 16V4" />
          <path d="m7 9 5-5 5 5" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
      </span>
      <span className="file-drop__text" aria-hidden="true">
        {dragging ? (
          t('fileDrop.dropNow')
        ) : (
          <>
            <span className="file-drop__choose">{t(fileName ? 'fileDrop.chooseAnother' : 'fileDrop.choose')}</span> {t('fileDrop.dragHere')}
          </>
        )}
      </span>
      <span className="file-drop__hint">{fileName ? t('fileDrop.chosen', { fileName }) : hint}</span>
    </div>
  );
}
