import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './file-drop-zone.css';

interface FileDropZoneProps {
  /** The input's id, for the field's label. */
  id: string;
  name?: string;
  accept: string;
  /** Whether a file is chosen already: the area then offers to choose another. */
  chosen: boolean;
  /** Already translated; shown under the area's words, with `hintId` when the input is described by it. */
  hint?: ReactNode;
  hintId?: string;
  /** Said while a file is held over the area, when the field does more than keep it (an upload). */
  dropText?: string;
  invalid?: boolean;
  /** While the chosen file is being worked on: the area takes no other. */
  busy?: boolean;
  describedBy?: string;
  onFiles: (files: File[]) => void;
}

/**
 * The portal's drop area for one file (the onboarding documents', a scheduled funding's file): the file input stays
 * the control, labelled, focusable and opening the chooser with Enter or Space; the dashed area around it takes a
 * dropped file. The files are handed on as they came, so the field says what is wrong with two.
 */
export function FileDropZone({ id, name, accept, chosen, hint, hintId, dropText, invalid = false, busy = false, describedBy, onFiles }: FileDropZoneProps) {
  const { t } = useTranslation('common');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const zoneClass = ['file-drop', dragging && 'file-drop--over', invalid && 'file-drop--invalid', busy && 'file-drop--busy'].filter(Boolean).join(' ');
  return (
    <div
      className={zoneClass}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
        if (!busy) setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!busy) onFiles([...event.dataTransfer.files]);
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
        accept={accept}
        disabled={busy}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Emptied, so choosing the same file again is a change again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
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
          (dropText ?? t('fileDrop.dropNow'))
        ) : (
          <>
            <span className="file-drop__choose">{t(chosen ? 'fileDrop.chooseAnother' : 'fileDrop.choose')}</span> {t('fileDrop.dragHere')}
          </>
        )}
      </span>
      <span id={hintId} className="file-drop__hint">
        {hint}
      </span>
    </div>
  );
}
