import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chatSubjectMaxLength,
  createChatSchema,
  maxAttachmentsPerMessage,
  messageTextMaxLength,
  postMessageSchema,
  type CreateAttachmentUpload,
} from '@shared/messaging';
import { documentContentTypes } from '@shared/onboarding/documents';
import { Alert } from '@frontend/components/alert/alert';
import { FieldError } from '@frontend/components/field-error/field-error';
import { TextField } from '@frontend/components/text-field/text-field';
import { ApiError } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { formatKilobytes } from '@frontend/lib/format';
import type { PresignedPost } from '@frontend/lib/upload-to-bucket';
import { useAttachments, type ChosenFile } from './use-attachments';

export interface MessageValues {
  subject: string;
  text: string;
  attachmentIds: string[];
}

type Field = keyof MessageValues;
const fields: readonly Field[] = ['subject', 'text', 'attachmentIds'];

interface MessageFormProps {
  /** A new chat asks for its subject too. */
  withSubject: boolean;
  createUpload: (body: CreateAttachmentUpload) => Promise<PresignedPost & { attachmentId: string }>;
  /** Throws what the API refused; the form keeps everything typed and chosen then. */
  onSend: (values: MessageValues) => Promise<void>;
  submitLabel: string;
  /** For a new chat: the way back without sending. */
  onCancel?: () => void;
}

/** The codes of the shared schema's first issue per field: the same rules the API applies. */
function validate(values: MessageValues, withSubject: boolean): Partial<Record<Field, string>> {
  const result = (withSubject ? createChatSchema : postMessageSchema).safeParse(withSubject ? values : { text: values.text, attachmentIds: values.attachmentIds });
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) errors[field as Field] ??= issue.message;
  }
  return errors;
}

/**
 * Writing a message (an answer in a chat, or a new chat's first message): text, up to five image or PDF files, Send.
 * Ctrl+Enter (Cmd+Enter) sends; Enter is a new line, since messages often have several. A failed send keeps the text
 * and the files and says so with CHAT_MESSAGE_FAILED; what the API refused on a field shows at the field.
 */
export function MessageForm({ withSubject, createUpload, onSend, submitLabel, onCancel }: MessageFormProps) {
  const { t } = useTranslation(['messaging', 'errors', 'common']);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  // A second click before React re-renders the disabled button must not post twice.
  const inFlight = useRef(false);
  const attachments = useAttachments(createUpload);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || attachments.uploading) return;
    setFailed(false);
    const values: MessageValues = { subject, text, attachmentIds: attachments.attachmentIds };
    const found = validate(values, withSubject);
    if (attachments.failed) found.attachmentIds ??= 'UPLOADS_FAILED';
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(first === 'attachmentIds' ? '[data-attach]' : `[name="${first}"]`)?.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      await onSend(values);
      setSubject('');
      setText('');
      attachments.clear();
    } catch (error) {
      const refused = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => (fields as readonly string[]).includes(name)) : [];
      if (refused.length > 0) setErrors(Object.fromEntries(refused));
      else setFailed(true);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const sendOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  const textId = `${id}-text`;
  const hintId = `${id}-hint`;
  const textErrorId = errors.text ? `${id}-text-error` : undefined;
  const filesErrorId = errors.attachmentIds || attachments.refused.length > 0 ? `${id}-files-error` : undefined;
  const fileMessage = (code: string) => (code === 'UPLOADS_FAILED' ? t('messaging:composer.uploadsFailed') : fieldErrorText(t, code));

  return (
    <form ref={formRef} className="message-form" noValidate onSubmit={(event) => void send(event)} aria-busy={sending || undefined}>
      {withSubject && (
        <TextField
          name="subject"
          label={t('messaging:newChat.subject')}
          value={subject}
          maxLength={chatSubjectMaxLength}
          required
          autoComplete="off"
          onChange={(event) => {
            setSubject(event.target.value);
            setErrors(({ subject: _, ...rest }) => rest);
          }}
          error={fieldErrorText(t, errors.subject)}
        />
      )}
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          {t('messaging:composer.message')}
        </label>
        <textarea
          id={textId}
          name="text"
          className="field__input message-form__text"
          rows={withSubject ? 5 : 3}
          maxLength={messageTextMaxLength}
          value={text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={[hintId, textErrorId].filter(Boolean).join(' ')}
          onKeyDown={sendOnShortcut}
          onChange={(event) => {
            setText(event.target.value);
            setErrors(({ text: _, ...rest }) => rest);
          }}
        />
        <p id={hintId} className="field__hint">
          {t('messaging:composer.shortcut')}
        </p>
        <FieldError id={textErrorId} message={fieldErrorText(t, errors.text)} />
      </div>
      {attachments.files.length > 0 && (
        <ul className="message-form__files" aria-label={t('messaging:composer.chosenFiles')}>
          {attachments.files.map((file) => (
            <ChosenFileRow key={file.key} file={file} onRemove={() => attachments.remove(file.key)} onRetry={() => attachments.retry(file.key)} />
          ))}
        </ul>
      )}
      {filesErrorId && (
        <div id={filesErrorId} className="field__error">
          {errors.attachmentIds && <p>{fileMessage(errors.attachmentIds)}</p>}
          {attachments.refused.map((refused) => (
            <p key={refused.fileName}>{`${refused.fileName}: ${fieldErrorText(t, refused.code) ?? ''}`}</p>
          ))}
        </div>
      )}
      {failed && <Alert>{errorCodeText(t, 'CHAT_MESSAGE_FAILED')}</Alert>}
      <div className="message-form__actions">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          accept={documentContentTypes.join(',')}
          onChange={(event) => {
            attachments.add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          data-attach
          className="button button--secondary"
          disabled={attachments.files.length >= maxAttachmentsPerMessage}
          aria-describedby={filesErrorId}
          onClick={() => {
            setErrors(({ attachmentIds: _, ...rest }) => rest);
            fileInput.current?.click();
          }}
        >
          {t('messaging:composer.attach')}
        </button>
        <span className="message-form__spacer" />
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('common:cancel')}
          </button>
        )}
        <button type="submit" className="button" disabled={sending || attachments.uploading}>
          {sending ? t('messaging:composer.sending') : submitLabel}
        </button>
      </div>
    </form>
  );
}

function ChosenFileRow({ file, onRemove, onRetry }: { file: ChosenFile; onRemove: () => void; onRetry: () => void }) {
  const { t } = useTranslation(['messaging', 'errors']);
  const name = file.file.name;
  return (
    <li className={`message-form__file message-form__file--${file.state}`}>
      <span className="message-form__file-name">{name}</span>
      <span className="message-form__file-size">{formatKilobytes(file.file.size)}</span>
      <span className="message-form__file-state">
        {file.state === 'uploading' && (
          <>
            <progress max={1} value={file.progress} aria-label={t('messaging:composer.uploading', { name })} />
            <span>{t('messaging:composer.percent', { percent: Math.round(file.progress * 100) })}</span>
          </>
        )}
        {file.state === 'uploaded' && t('messaging:composer.uploaded')}
        {file.state === 'failed' && <span className="field__error">{fieldErrorText(t, file.code)}</span>}
      </span>
      {file.state === 'failed' && (
        <button type="button" className="button button--secondary button--small" onClick={onRetry} aria-label={t('messaging:composer.retryFile', { name })}>
          {t('messaging:composer.retry')}
        </button>
      )}
      <button type="button" className="button button--secondary button--small" onClick={onRemove} aria-label={t('messaging:composer.removeFile', { name })}>
        {t('messaging:composer.remove')}
      </button>
    </li>
  );
}
