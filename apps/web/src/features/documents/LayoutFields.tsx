import {
  LOGO_POSITIONS,
  MARGIN_MAX_MM,
  MARGIN_MIN_MM,
  PAPER_FORMATS,
  type DocumentLayout,
} from '@parkade/contract';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/**
 * A document's layout, shared by its languages: the paper, the margins in millimetres (5–50) and where the property's
 * logo goes (or none). A margin being typed may be out of range for a moment; only a valid one is kept.
 */
export function LayoutFields({
  value,
  onChange,
}: {
  value: DocumentLayout;
  onChange: (value: DocumentLayout) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('documents.layout')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label={t('documents.paper')}
          value={value.paper}
          onChange={(e) => onChange({ ...value, paper: e.target.value as DocumentLayout['paper'] })}
        >
          {PAPER_FORMATS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`documents.paperFormat.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('documents.logo')}
          value={value.logo}
          onChange={(e) => onChange({ ...value, logo: e.target.value as DocumentLayout['logo'] })}
          helperText={t('documents.logoHint')}
        >
          {LOGO_POSITIONS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`documents.logoPosition.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1.5 }}>
        {t('documents.marginsHint', { min: MARGIN_MIN_MM, max: MARGIN_MAX_MM })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        {SIDES.map((side) => (
          <MarginField
            key={side}
            label={t(`documents.margin.${side}`)}
            value={value.margins[side]}
            onChange={(mm) => onChange({ ...value, margins: { ...value.margins, [side]: mm } })}
          />
        ))}
      </Box>
    </Box>
  );
}

function MarginField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (mm: number) => void;
}) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      defaultValue={value}
      slotProps={{
        htmlInput: { min: MARGIN_MIN_MM, max: MARGIN_MAX_MM, step: 1, inputMode: 'numeric' },
        input: {
          endAdornment: (
            <Typography variant="body2" color="text.secondary">
              mm
            </Typography>
          ),
        },
      }}
      onChange={(e) => {
        const mm = Number(e.target.value);
        if (e.target.value !== '' && mm >= MARGIN_MIN_MM && mm <= MARGIN_MAX_MM) onChange(mm);
      }}
      onBlur={(e) => {
        const mm = Number(e.target.value);
        if (!(mm >= MARGIN_MIN_MM && mm <= MARGIN_MAX_MM)) e.target.value = String(value);
      }}
    />
  );
}
