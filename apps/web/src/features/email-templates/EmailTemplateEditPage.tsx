import type { MailTemplateKey } from '@parkade/contract';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { TemplateGate, useTemplateName } from './parts';
import { TEMPLATES } from './queries';
import { TemplateEditor } from './TemplateEditor';

/** /email-templates/{key}/edit: the template's texts per language, with a live preview (TemplateEditor). */
export function EmailTemplateEditPage({ templateKey }: { templateKey: MailTemplateKey }) {
  const { t } = useTranslation();
  const can = useCan();
  const name = useTemplateName(templateKey);
  return (
    <>
      <PageHeader
        title={t('emailTemplates.editTitle', { name })}
        crumbs={[
          { label: t('shell.nav.emailTemplates'), href: TEMPLATES },
          { label: name, href: `${TEMPLATES}/${templateKey}/show` },
        ]}
      />
      {can('email-templates.edit') ? (
        <PropertyScoped>
          <TemplateGate templateKey={templateKey}>
            {(template) => <TemplateEditor template={template} />}
          </TemplateGate>
        </PropertyScoped>
      ) : (
        <Alert severity="info">{t('resource.noPermission')}</Alert>
      )}
    </>
  );
}
