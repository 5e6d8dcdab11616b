import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { inputFieldsOf, isShown, type FormField, type InputField } from '@shared/onboarding/fields';
import { imageContentTypes, type DocumentView } from '@shared/onboarding/documents';
import { uiLanguage } from '@frontend/lib/i18n';
import { reviewDocumentLink } from './review-api';

type Values = Record<string, unknown>;

interface AnswersViewProps {
  companyId: string;
  fields: readonly FormField[];
  values: Values;
  documents: readonly DocumentView[];
}

/** One step's answers as the applicant gave them, read-only, in the order and with the labels of the form. */
export function AnswersView({ companyId, fields, values, documents }: AnswersViewProps) {
  const { t } = useTranslation('signup');
  const shown = inputFieldsOf(fields).filter((field) => isShown(field, values) && field.type !== 'array');
  const lists = inputFieldsOf(fields).filter((field): field is Extract<InputField, { type: 'array' }> => field.type === 'array' && isShown(field, values));
  return (
    <>
      {shown.length > 0 && (
        <dl className="answers">
          {shown.map((field) => (
            <div key={field.name} className="answers__row">
              <dt>{t(`fields.${field.name}`)}</dt>
              <dd>
                <AnswerValue companyId={companyId} field={field} value={values[field.name]} documents={documents} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {lists.map((list) => {
        const items = Array.isArray(values[list.name]) ? (values[list.name] as Values[]) : [];
        return (
          <div key={list.name} className="answers__list">
            {items.map((item, index) => (
              <section key={index} className="answers__block" aria-label={t(`blocks.${list.name}`, { number: index + 1 })}>
                <h3 className="answers__block-title">{t(`blocks.${list.name}`, { number: index + 1 })}</h3>
                <AnswersView companyId={companyId} fields={list.fields} values={item} documents={documents} />
              </section>
            ))}
          </div>
        );
      })}
    </>
  );
}

function AnswerValue({ companyId, field, value, documents }: { companyId: string; field: InputField; value: unknown; documents: readonly DocumentView[] }) {
  const { t, i18n } = useTranslation('signup');
  const language = uiLanguage(i18n);
  const countries = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  const option = (source: string, choice: string) => (source === 'countries' ? (countries.of(choice) ?? choice) : t(`options.${source}.${choice}`));
  if (value === undefined || value === null || value === '') return <span className="answers__empty">—</span>;
  switch (field.type) {
    case 'checkbox':
      return <>{t(`options.yesNo.${value === true ? 'yes' : 'no'}`)}</>;
    case 'select':
    case 'radio':
      return <>{option(field.options, String(value))}</>;
    case 'select_list':
      return <>{(value as string[]).map((choice) => option(field.options, choice)).join(', ')}</>;
    case 'input_list':
      return <>{(value as string[]).join(', ')}</>;
    case 'file':
    case 'image': {
      const document = documents.find((each) => each.documentId === value);
      return document ? <DocumentLink companyId={companyId} document={document} /> : <span className="answers__empty">—</span>;
    }
    default:
      return <>{String(value)}</>;
  }
}

/** A document opens through a short-lived link; an image also shows as a thumbnail. */
function DocumentLink({ companyId, document }: { companyId: string; document: DocumentView }) {
  const { t } = useTranslation('admin');
  const link = useQuery({
    queryKey: ['admin', 'document-link', companyId, document.documentId],
    queryFn: () => reviewDocumentLink(companyId, document.documentId),
    staleTime: 45_000,
    refetchInterval: 45_000,
  });
  if (!link.data) return <span>{document.fileName}</span>;
  const isImage = imageContentTypes.includes(document.contentType);
  return (
    <a href={link.data.url} target="_blank" rel="noreferrer" className="answers__document">
      {isImage && <img src={link.data.url} alt="" className="answers__thumb" />}
      <span>{t('review.openDocument', { name: document.fileName })}</span>
    </a>
  );
}
