import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiKeyRequestsPerMinute, apiScopes, type ApiScope } from '@shared/api-keys';
import * as integrationRoutes from '@shared/api/routes/integration-routes';
import { pageSizes } from '@shared/lists';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { errorCodeOf } from '@frontend/lib/api-error';
import { getConfig } from '@frontend/lib/config';
import { errorCodeText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { referenceOf, type ApiOperation, type ApiReference } from './openapi-view';
// Its own import: the reference is a page of its own, opened by its address without Integrations before it.
import './integrations.css';

/** A scope's translation key: i18next reads a ':' as the namespace's end. */
const scopeKey = (scope: ApiScope) => scope.replace(':', '_');
const isScope = (value: string): value is ApiScope => (apiScopes as readonly string[]).includes(value);
/** The guide's sections before the operations, in the table of contents' order. */
const guideSections = ['authentication', 'idempotency', 'rateLimits', 'pagination', 'errors'] as const;

/**
 * The public API's reference (issues 20, 32), read from the OpenAPI document the API itself serves, so it is always the
 * deployed one: a table of contents, the guide (keys and scopes, Idempotency-Key, rate limits, pagination, every error
 * code), each operation with its description, an example request and answer and its schemas, and the webhook events.
 * The page's own words are in the portal's languages; what the document says is in English, as the document is.
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
      {document.isError ? <Alert>{errorCodeText(t, errorCodeOf(document.error))}</Alert> : <ReferenceBody reference={referenceOf(document.data)} />}
    </div>
  );
}

function ReferenceBody({ reference }: { reference: ApiReference }) {
  const { t } = useTranslation(['integrations', 'errors']);
  const groups = [...new Set(reference.operations.map((operation) => operation.tag))];
  const groupName = (group: string) => t(`integrations:api.groups.${group}`, { defaultValue: group });
  return (
    <div className="api-reference">
      <nav className="panel api-toc" aria-labelledby="api-toc-title">
        <h2 id="api-toc-title">{t('integrations:api.contents')}</h2>
        <ol className="api-toc__list">
          {guideSections.map((section) => (
            <li key={section}>
              <a href={`#api-${section}`}>{t(`integrations:api.guide.${section}.title`)}</a>
            </li>
          ))}
          {groups.map((group) => (
            <li key={group}>
              <a href={`#api-group-${group}`}>{groupName(group)}</a>
              <ul className="api-toc__operations">
                {reference.operations
                  .filter((operation) => operation.tag === group)
                  .map((operation) => (
                    <li key={operation.id}>
                      <a href={`#op-${operation.id}`}>
                        <MethodBadge method={operation.method} /> <code className="api-path">{operation.path}</code>
                      </a>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#api-webhooks">{t('integrations:api.webhooks.title')}</a>
          </li>
        </ol>
      </nav>

      <section className="panel api-guide" aria-labelledby="api-authentication">
        <h2 id="api-authentication">{t('integrations:api.guide.authentication.title')}</h2>
        <p>{t('integrations:api.guide.authentication.text')}</p>
        <pre className="api-schema api-example">{`Authorization: Bearer bck_<key id>_<secret>`}</pre>
        <p>{t('integrations:api.guide.authentication.server', { server: reference.server })}</p>
        <pre className="api-schema api-example">{reference.server}</pre>
        <h3>{t('integrations:api.guide.authentication.scopes')}</h3>
        <dl className="api-facts">
          {reference.scopes.filter(isScope).map((scope) => (
            <div key={scope} className="api-facts__row">
              <dt>
                <code>{scope}</code>
              </dt>
              <dd>
                <strong>{t(`integrations:scopes.${scopeKey(scope)}.short`)}</strong>: {t(`integrations:scopes.${scopeKey(scope)}.text`)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="panel api-guide" aria-labelledby="api-idempotency">
        <h2 id="api-idempotency">{t('integrations:api.guide.idempotency.title')}</h2>
        <p>{t('integrations:api.guide.idempotency.text')}</p>
        <pre className="api-schema api-example">{`Idempotency-Key: 6f1c2b1e-4a7d-4d7e-9a51-2b7f3f0c9e11`}</pre>
      </section>

      <section className="panel api-guide" aria-labelledby="api-rateLimits">
        <h2 id="api-rateLimits">{t('integrations:api.guide.rateLimits.title')}</h2>
        <p>{t('integrations:api.guide.rateLimits.text', { count: apiKeyRequestsPerMinute })}</p>
      </section>

      <section className="panel api-guide" aria-labelledby="api-pagination">
        <h2 id="api-pagination">{t('integrations:api.guide.pagination.title')}</h2>
        <p>{t('integrations:api.guide.pagination.text', { sizes: pageSizes.join(', '), size: pageSizes[0] })}</p>
        <pre className="api-schema api-example">{`GET ${reference.server}/v1/employees?page=2&itemsPerPage=25\n\n{ "rows": [ … ], "totalPages": 4, "totalRecords": 87 }`}</pre>
      </section>

      <section className="panel api-guide" aria-labelledby="api-errors">
        <h2 id="api-errors">{t('integrations:api.guide.errors.title')}</h2>
        <p>{t('integrations:api.guide.errors.text')}</p>
        <pre className="api-schema api-example">{`{ "code": "FUNDS_NOT_ENOUGH", "message": "…" }`}</pre>
        <dl className="api-facts" aria-label={t('integrations:api.guide.errors.list')}>
          {reference.errors.map((error) => (
            <div key={error.code} className="api-facts__row" id={`error-${error.code}`}>
              <dt>
                <code className="api-path">{error.code}</code> <span className="integrations-muted">HTTP {error.statuses.join(', ')}</span>
              </dt>
              <dd>{t(`errors:codes.${error.code}`, { defaultValue: error.message })}</dd>
            </div>
          ))}
        </dl>
      </section>

      {groups.map((group) => (
        <section key={group} className="panel" aria-labelledby={`api-group-${group}`}>
          <h2 id={`api-group-${group}`}>{groupName(group)}</h2>
          {reference.operations
            .filter((operation) => operation.tag === group)
            .map((operation) => (
              <Operation key={operation.id} operation={operation} server={reference.server} />
            ))}
        </section>
      ))}

      <section className="panel" aria-labelledby="api-webhooks">
        <h2 id="api-webhooks">{t('integrations:api.webhooks.title')}</h2>
        <p className="integrations-text">{t('integrations:api.webhooks.text')}</p>
        {reference.webhooks.map((event) => (
          <article key={event.type} className="api-operation" aria-labelledby={`event-${event.type}`}>
            <h3 id={`event-${event.type}`} className="api-operation__title">
              <code>{event.type}</code>
            </h3>
            <p className="integrations-text">{event.description}</p>
            <h4 className="api-operation__subtitle">{t('integrations:api.exampleEvent')}</h4>
            <pre className="api-schema api-example" tabIndex={0}>
              {event.example}
            </pre>
            <SchemaDetails summary={t('integrations:api.eventSchema')} text={event.schema} />
          </article>
        ))}
      </section>
    </div>
  );
}

/** GET, POST, PUT, PATCH or DELETE, each in its own colour, its word always written. */
function MethodBadge({ method }: { method: string }) {
  return <span className={`api-method api-method--${method}`}>{method.toUpperCase()}</span>;
}

/** The request as curl would send it: the key, the Idempotency-Key of money routes, and the example body. */
function exampleRequest(operation: ApiOperation, server: string): string {
  const lines = [`curl -X ${operation.method.toUpperCase()} '${server}${operation.path}'`, `  -H 'Authorization: Bearer bck_…'`];
  if (operation.idempotent) lines.push(`  -H 'Idempotency-Key: 6f1c2b1e-…'`);
  if (operation.bodyExample) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${operation.bodyExample.replace(/\n\s*/g, ' ')}'`);
  return lines.join(' \\\n');
}

function Operation({ operation, server }: { operation: ApiOperation; server: string }) {
  const { t } = useTranslation('integrations');
  return (
    <article className="api-operation" aria-labelledby={`op-${operation.id}`}>
      <h3 id={`op-${operation.id}`} className="api-operation__title">
        <MethodBadge method={operation.method} /> <code className="api-path">{operation.path}</code>
      </h3>
      <p className="integrations-text">{operation.description}</p>
      <p className="api-operation__facts">
        {t('api.scope')} <code>{operation.scope}</code>
        {operation.idempotent && <> · {t('api.idempotent')}</>}
      </p>
      {operation.parameters.length > 0 && (
        <>
          <h4 className="api-operation__subtitle">{t('api.parameters')}</h4>
          <ul className="api-operation__parameters">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in} ${parameter.name}`}>
                <code>{parameter.name}</code> ({t(`api.in.${parameter.in}`)}){parameter.required ? ` · ${t('api.required')}` : ''}
                {parameter.description && <> · {parameter.description}</>}
              </li>
            ))}
          </ul>
        </>
      )}
      <h4 className="api-operation__subtitle">{t('api.exampleRequest')}</h4>
      <pre className="api-schema api-example" tabIndex={0}>
        {exampleRequest(operation, server)}
      </pre>
      {operation.answerExample && (
        <>
          <h4 className="api-operation__subtitle">{t('api.exampleAnswer')}</h4>
          <pre className="api-schema api-example" tabIndex={0}>
            {operation.answerExample}
          </pre>
        </>
      )}
      <p className="api-operation__errors">
        {t('api.errorsOf')}{' '}
        {operation.errors.map((error, index) => (
          <span key={error.status}>
            {index > 0 && '; '}
            {error.status}{' '}
            {error.codes.map((code, codeIndex) => (
              <span key={code}>
                {codeIndex > 0 && ', '}
                <a href={`#error-${code}`}>
                  <code className="api-path">{code}</code>
                </a>
              </span>
            ))}
          </span>
        ))}
      </p>
      {operation.body && <SchemaDetails summary={t('api.body')} text={operation.body} />}
      <SchemaDetails summary={t('api.answer')} text={operation.answer} />
    </article>
  );
}

/** A schema, folded under its name: long JSON the reader opens when they need it. */
function SchemaDetails({ summary, text }: { summary: string; text: string }) {
  return (
    <details>
      <summary>{summary}</summary>
      <pre className="api-schema" tabIndex={0}>
        {text}
      </pre>
    </details>
  );
}
