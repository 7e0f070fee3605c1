import {
  FORM_NAMES,
  FORM_RULE_FIELDS,
  normalizeRule,
  type FieldRule,
  type FormName,
  type FormRules,
} from '@parkade/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { toast } from '../../ui/toast';

export const formRulesQuery = { queryKey: ['form-rules'], queryFn: () => get<FormRules>('/rules') };

/** The current property's form rules, for the forms that obey them (defaults until they load). */
export function useFormRules(): FormRules | undefined {
  return useQuery(formRulesQuery).data;
}

const OPTIONS = ['visible', 'required', 'validated'] as const;

/** /rules (SPEC §2.5): per form and field, visible / required / validated; hiding a field clears the other two. */
export function RulesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('rules.title')} subtitle={t('rules.subtitle')} />
      <PropertyScoped>
        <RulesEditor />
      </PropertyScoped>
    </>
  );
}

function RulesEditor() {
  const { t } = useTranslation();
  const can = useCan();
  const editable = can('rules.edit');
  const [form, setForm] = useState<FormName>('residents');
  const { data, error, isLoading } = useQuery(formRulesQuery);
  const [draft, setDraft] = useState<Record<string, FieldRule>>({});
  useEffect(() => {
    if (data) setDraft({ ...data[form] });
  }, [data, form]);
  const client = useQueryClient();
  const save = useMutation<FormRules, RequestError, void>({
    mutationFn: () => send<FormRules>('PUT', '/rules', { form, fields: draft }),
    onSuccess: (rules) => {
      client.setQueryData(formRulesQuery.queryKey, rules);
      toast.success(t('rules.saved'));
    },
  });
  const set = (field: string, option: (typeof OPTIONS)[number], value: boolean) =>
    setDraft((d) => ({
      ...d,
      [field]: normalizeRule({ ...(d[field] ?? data![form][field]!), [option]: value }),
    }));
  const changed = data && JSON.stringify(draft) !== JSON.stringify(data[form]);

  if (error) return <Alert severity="error">{(error as RequestError).message}</Alert>;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Tabs
        value={form}
        onChange={(_e, v: FormName) => setForm(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('rules.forms')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {FORM_NAMES.map((f) => (
          <Tab key={f} value={f} label={t(`rules.form.${f}`)} />
        ))}
      </Tabs>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t(`rules.form.${form}`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('rules.field')}</TableCell>
              {OPTIONS.map((o) => (
                <TableCell key={o} align="center" sx={{ whiteSpace: 'nowrap', width: '1%' }}>
                  {t(`rules.option.${o}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {!isLoading &&
              FORM_RULE_FIELDS[form].map((field) => {
                const rule = draft[field] ?? data?.[form][field];
                if (!rule) return null;
                const label = t(`rules.fields.${field}`);
                return (
                  <TableRow key={field} hover>
                    <TableCell component="th" scope="row">
                      <Typography variant="body2">{label}</Typography>
                    </TableCell>
                    {OPTIONS.map((o) => (
                      <TableCell key={o} align="center" padding="checkbox">
                        <Checkbox
                          checked={rule[o]}
                          disabled={!editable || (o !== 'visible' && !rule.visible)}
                          onChange={(e) => set(field, o, e.target.checked)}
                          slotProps={{ input: { 'aria-label': `${label}: ${t(`rules.option.${o}`)}` } }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
          </TableBody>
        </Table>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('rules.hint')}
        </Typography>
        {editable && (
          <Stack direction="row" spacing={1}>
            <Button disabled={!changed || save.isPending} onClick={() => data && setDraft({ ...data[form] })}>
              {t('rules.reset')}
            </Button>
            <Button variant="contained" disabled={!changed || save.isPending} onClick={() => save.mutate()}>
              {t('rules.save')}
            </Button>
          </Stack>
        )}
      </Stack>
      {save.error && (
        <Alert severity="error" sx={{ m: 2, mt: 0 }}>
          {save.error.message}
        </Alert>
      )}
    </Paper>
  );
}
