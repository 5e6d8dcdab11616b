import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import * as integrationRoutes from '@shared/api/routes/integration-routes';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { errorCodeOf } from '@frontend/lib/api-error';
import { getConfig } from '@frontend/lib/config';
import { errorCodeText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { operationsOf, type ApiOperation } from './openapi-view';

/**
 * The public API's reference (issue 20), read from the OpenAPI document the API itself serves, so it is always the
 * deployed one: each endpoint with its scope, parameters, body and answers, grouped as the API groups them.
 */
export function ApiReferenceScreen() {
  const { t } = useTranslation(['integrations', 'errors']);
  useDocumentTitle(t('integrations:api.title'));
  const document = useQuery({ queryKey: ['openapi'], queryFn: ({ signal }) => callApi(integrationRoutes.getOpenApi, { signal }), staleTime: Infinity });
  const documentUrl = `${getConfig().apiUrl.replace(/\/+$/, '')}${integrationRoutes.getOpenApi.path}`;

  if (document.isPending) return <ContentLoader />;
  return (
    <div className="page">
      <PageHeader title={t('integrations:api.title')} lead={t('integrations:api.lead')} />
      <p className="integrations-reference-links">
        <Link to={paths.integrations}>{t('integrations:api.back')}</Link>
        <a href={documentUrl} download="bonus-card-openapi.json">
          {t('integrations:api.download')}
        </a>
      </p>
      {document.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(document.error))}</Alert>
      ) : (
        <ReferenceBody operations={operationsOf(document.data)} />
      )}
    </div>
  );
}

function ReferenceBody({ operations }: { operations: ApiOperation[] }) {
  const { t } = useTranslation('integrations');
  const groups = [...new Set(operations.map((operation) => operation.tag))];
  return (
    <div className="integrations-sections">
      {groups.map((group) => (
        <section key={group} className="panel" aria-labelledby={`api-group-${group}`}>
          <h2 id={`api-group-${group}`}>{t(`api.groups.${group}`, { defaultValue: group })}</h2>
          {operations
            .filter((operation) => operation.tag === group)
            .map((operation) => (
              <article key={`${operation.method} ${operation.path}`} className="api-operation" aria-labelledby={`op-${operation.id}`}>
                <h3 id={`op-${operation.id}`} className="api-operation__title">
                  <span className={`api-method api-method--${operation.method}`}>{operation.method.toUpperCase()}</span> <code>{operation.path}</code>
                </h3>
                <p className="integrations-text">
                  {operation.summary} · {t('api.scope')} <code>{operation.scope}</code>
                  {operation.idempotent && <> · {t('api.idempotent')}</>}
                </p>
                {operation.parameters.length > 0 && (
                  <ul className="api-operation__parameters" aria-label={t('api.parameters')}>
                    {operation.parameters.map((parameter) => (
                      <li key={`${parameter.in} ${parameter.name}`}>
                        <code>{parameter.name}</code> ({t(`api.in.${parameter.in}`)}){parameter.required ? ` · ${t('api.required')}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
                {operation.body && (
                  <details>
                    <summary>{t('api.body')}</summary>
                    <pre className="api-schema">{operation.body}</pre>
                  </details>
                )}
                <details>
                  <summary>{t('api.answer')}</summary>
                  <pre className="api-schema">{operation.answer}</pre>
                </details>
              </article>
            ))}
        </section>
      ))}
    </div>
  );
}
