import AddBusinessIcon from '@mui/icons-material/AddBusinessOutlined';
import AddBoxIcon from '@mui/icons-material/AddBoxOutlined';
import CenterFocusIcon from '@mui/icons-material/CenterFocusStrongOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import RotateIcon from '@mui/icons-material/RotateRight';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UndoIcon from '@mui/icons-material/Undo';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
  Box,
  Button,
  Divider,
  InputAdornment,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import type { MapDesigner } from './useMapDesigner';
import { MOD } from './useMapShortcuts';

/** A control with its shortcut in the tooltip (the span lets a disabled control still show it). */
function Shortcut({ label, keys, children }: { label: string; keys: string | null; children: ReactElement }) {
  return (
    <Tooltip title={keys ? `${label} (${keys})` : label}>
      <span>{children}</span>
    </Tooltip>
  );
}

function Tool({
  label,
  keys = null,
  icon,
  onClick,
  disabled = false,
}: {
  label: string;
  keys?: string | null;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Shortcut label={label} keys={keys}>
      <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
        {icon}
      </IconButton>
    </Shortcut>
  );
}

/** The designer's toolbar: create, undo/redo, rotate, zoom, the selected spot's actions, find a spot and save. */
export function MapToolbar({ designer: d }: { designer: MapDesigner }) {
  const { t } = useTranslation();
  const can = useCan();
  const [find, setFind] = useState('');
  const [missing, setMissing] = useState(false);
  const noSpot = !d.selectedSpot;
  return (
    <Paper sx={{ p: 1 }}>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
        role="toolbar"
        aria-label={t('map.toolbar')}
      >
        {d.editable && (
          <>
            <Button size="small" startIcon={<AddBusinessIcon />} onClick={() => d.setDialog('buildings')}>
              {t('map.createBuildings')}
            </Button>
            <Button size="small" startIcon={<AddBoxIcon />} onClick={() => d.setDialog('area')}>
              {t('map.createArea')}
            </Button>
            <Divider orientation="vertical" flexItem />
            <Tool
              label={t('map.undo')}
              keys={`${MOD}+Z`}
              icon={<UndoIcon />}
              onClick={d.undo}
              disabled={!d.canUndo}
            />
            <Tool
              label={t('map.redo')}
              keys={`${MOD}+Shift+Z`}
              icon={<RedoIcon />}
              onClick={d.redo}
              disabled={!d.canRedo}
            />
            <Tool
              label={t('map.rotate')}
              keys="R"
              icon={<RotateIcon />}
              onClick={d.rotate}
              disabled={!d.selected}
            />
          </>
        )}
        <Tool label={t('map.zoomIn')} keys="+" icon={<ZoomInIcon />} onClick={() => d.zoom(1)} />
        <Tool label={t('map.zoomOut')} keys="-" icon={<ZoomOutIcon />} onClick={() => d.zoom(-1)} />
        <Tool label={t('map.resetView')} keys="0" icon={<CenterFocusIcon />} onClick={d.resetView} />
        <Divider orientation="vertical" flexItem />
        <Tool
          label={t('map.details')}
          keys="Enter"
          icon={<InfoIcon />}
          onClick={() => d.setDialog('detail')}
          disabled={noSpot}
        />
        {d.editable && (
          <Tool
            label={t('map.editSpotShort')}
            icon={<EditIcon />}
            onClick={() => d.setDialog('edit')}
            disabled={noSpot}
          />
        )}
        {can('reservations.create') && (
          <Tool
            label={t('map.reserveShort')}
            icon={<EventIcon />}
            onClick={() => d.setDialog('reserve')}
            disabled={noSpot}
          />
        )}
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setMissing(!d.findSpot(find));
          }}
          sx={{ ml: { sm: 1 }, width: { xs: '100%', sm: 190 } }}
        >
          {/* Found as the number is typed; Enter or the button goes to it again. */}
          <TextField
            size="small"
            type="search"
            label={t('map.find')}
            placeholder={t('map.findPlaceholder')}
            value={find}
            onChange={(e) => {
              setFind(e.target.value);
              setMissing(!d.findSpot(e.target.value, { quiet: true }));
            }}
            error={missing}
            helperText={missing ? t('map.notFound', { number: find.trim() }) : undefined}
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton type="submit" edge="end" size="small" aria-label={t('map.find')}>
                      <SearchIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {d.editable && (
          <Shortcut label={t('map.save')} keys={`${MOD}+S`}>
            <Button
              variant="contained"
              size="small"
              startIcon={<SaveIcon />}
              disabled={!d.dirty || d.saving}
              onClick={() => void d.save()}
            >
              {d.dirty ? t('map.saveChanges') : t('map.allSaved')}
            </Button>
          </Shortcut>
        )}
      </Stack>
      <SelectionLine designer={d} />
    </Paper>
  );
}

/** What is selected, said in words (and announced). */
function SelectionLine({ designer: { map, selected, selectedSpot } }: { designer: MapDesigner }) {
  const { t } = useTranslation();
  if (!selected || !map) return null;
  const nameOf = (items: { id: number; name: string }[]) =>
    items.find((i) => i.id === selected.id)?.name ?? '';
  return (
    <Typography variant="body2" sx={{ px: 1, pt: 0.5 }} aria-live="polite">
      {selected.kind === 'spots' && selectedSpot
        ? t('map.selectedSpot', { number: selectedSpot.number })
        : selected.kind === 'buildings'
          ? t('map.selectedBuilding', { name: nameOf(map.buildings) })
          : t('map.selectedArea', { name: nameOf(map.areas) })}
    </Typography>
  );
}
