import { auditActionLabelKey, auditFieldLabelKeys, type BinnacleEntry } from '@parkade/contract';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, useUiLocale, type DateLocale } from './locale';

/** One audit-log (binnacle) entry, as the contract describes GET /binnacle's answer. */
export type AuditEntry = BinnacleEntry;

/** The audit entity of an API resource: the server records its table name ('/permit-types' → 'permit_types'). */
export function auditEntity(resource: string): string {
  return resource.replace(/^\//, '').replace(/-/g, '_');
}

/**
 * Labels in the reader's language. Every action and attribute the server records has one (the contract's
 * AUDIT_ACTIONS and the server's audit tests, issue 36 §9); the fallback to the name made readable is only for an
 * entry written by a newer server than the texts this page loaded.
 */
export function actionLabel(t: TFunction, action: string): string {
  return t(auditActionLabelKey(action), { defaultValue: action });
}
export function entityLabel(t: TFunction, entity: string): string {
  return t(`binnacle.entities.${entity}`, { defaultValue: entity.replace(/_/g, ' ') });
}
/**
 * An attribute's label: the audit log's own name for it, else the form field's, else `fallback` (the name made
 * readable for a recorded attribute; the key itself inside a value, where keys may be data: a zone's cities).
 */
export function attributeLabel(t: TFunction, key: string, fallback?: string): string {
  const readable = fallback ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const [own, field] = auditFieldLabelKeys(key) as [string, string];
  return t(own, { defaultValue: t(field, { defaultValue: readable }) });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as text: dates in the reader's locale, lists joined, secrets never shown. */
export function formatAuditValue(value: unknown, t: TFunction, locale: DateLocale): string {
  if (value === null || value === undefined || value === '') return t('form.empty');
  if (value === '[hidden]') return t('audit.hidden');
  if (typeof value === 'boolean') return value ? t('form.yes') : t('form.no');
  if (Array.isArray(value))
    return value.length ? value.map((v) => formatAuditValue(v, t, locale)).join(', ') : t('form.empty');
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDate(value, locale);
    if (ISO_DATE_TIME.test(value)) return formatDateTime(value, locale);
    return value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  // A group of values (a property's settings section, a form's rules for a field): each part by its label.
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>);
    if (!parts.length) return t('form.empty');
    return parts
      .map(([k, v]) => `${attributeLabel(t, k, k)}: ${formatAuditValue(v, t, locale)}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

/** The changed attributes of an entry, old → new. */
export function ChangesTable({ changes, action }: { changes: AuditEntry['changes']; action?: string }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const keys = Object.keys(changes);
  if (!keys.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit.noChanges')}
      </Typography>
    );
  const showOld = action !== 'create';
  const showNew = action !== 'delete';
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('audit.changes')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('audit.attribute')}
            </TableCell>
            {showOld && (
              <TableCell component="th" scope="col">
                {t('audit.old')}
              </TableCell>
            )}
            {showNew && (
              <TableCell component="th" scope="col">
                {t('audit.new')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((k) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                {attributeLabel(t, k)}
              </TableCell>
              {showOld && (
                <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {formatAuditValue(changes[k]?.old, t, locale)}
                </TableCell>
              )}
              {showNew && (
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {formatAuditValue(changes[k]?.new, t, locale)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
