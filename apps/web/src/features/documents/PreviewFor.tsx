import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { RecordPicker, type RecordOption } from '../../ui/fields';

/**
 * Whom the preview is drawn for: the sample values (no one chosen) or a resident of the property, with their own
 * values (name, unit, permit). Offered to those who may read the residents.
 */
export function PreviewFor({
  value,
  onChange,
}: {
  value: RecordOption | null;
  onChange: (value: RecordOption | null) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('residents.index')) return null;
  return (
    <RecordPicker
      resource="residents"
      label={t('documents.previewFor')}
      helperText={value ? undefined : t('documents.previewSample')}
      value={value}
      onChange={onChange}
      optionLabel={(r) => (typeof r.fullName === 'string' ? r.fullName : `#${r.id}`)}
      sort="fullName"
      size="small"
    />
  );
}
