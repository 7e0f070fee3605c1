import {
  MAP_SPOT_HEIGHT,
  MAP_SPOT_WIDTH,
  SPACE_STATUSES,
  SPOT_TYPE_COLOURS,
  SPOT_TYPES,
  type MapSpot,
  type ParkingMap,
} from '@parkade/contract';
import AddBusinessIcon from '@mui/icons-material/AddBusinessOutlined';
import AddBoxIcon from '@mui/icons-material/AddBoxOutlined';
import CenterFocusIcon from '@mui/icons-material/CenterFocusStrongOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import RotateIcon from '@mui/icons-material/RotateRight';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import type Konva from 'konva';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Layer, Rect, Stage, Text } from 'react-konva';
import { get, send } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { toast } from '../../ui/toast';
import { SpotTypeChip } from '../spots';
import {
  CreateAreaDialog,
  CreateBuildingsDialog,
  EditSpotDialog,
  ReserveSpotDialog,
  SpotDetailDialog,
} from './dialogs';
import {
  changesOf,
  fitView,
  hasChanges,
  historyReducer,
  initialHistory,
  layoutOf,
  snap,
  zoomStep,
  type Kind,
  type Layout,
} from './history';

const MAP_KEY = ['/parking-map', 'record', 'map'];

declare global {
  interface Window {
    /** performance.now() when the map's spots were first drawn (read by the map-paint benchmark). */
    __parkadeMapPainted?: number;
  }
}

/** The parking map designer (SPEC §2.5). */
export function ParkingMapPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('map.title')} />
      <PropertyScoped>
        <Designer />
      </PropertyScoped>
    </>
  );
}

type Selection = { kind: Kind; id: number } | null;
type DialogName = 'buildings' | 'area' | 'edit' | 'detail' | 'reserve' | null;

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl';

function Designer() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const editable = can('spots.map.edit');
  const query = useQuery({ queryKey: MAP_KEY, queryFn: () => get<ParkingMap>('/parking-map') });
  const [map, setMap] = useState<ParkingMap | null>(null);
  const [saved, setSaved] = useState<Layout | null>(null);
  const [history, dispatch] = useReducer(
    historyReducer,
    initialHistory({ buildings: {}, areas: {}, spots: {} }),
  );
  const [selected, setSelected] = useState<Selection>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const [canvasSize, setCanvasSize] = useState({ width: 0, height: 0 });
  const fitted = useRef(false);
  const [find, setFind] = useState('');

  /** A fresh answer of the server replaces the layout (and the undo history). */
  const adopt = useCallback(
    (m: ParkingMap) => {
      const layout = layoutOf(m);
      setMap(m);
      setSaved(layout);
      dispatch({ type: 'load', layout });
      setStale(null);
      client.setQueryData(MAP_KEY, m);
    },
    [client],
  );
  // The first answer is adopted; later ones arrive through adopt (saves, reloads) and mergeServer (creates).
  useEffect(() => {
    if (query.data && !map) adopt(query.data);
  }, [query.data, map, adopt]);

  const changes = useMemo(
    () => (saved ? changesOf(saved, history.present) : { buildings: [], areas: [], spots: [] }),
    [saved, history.present],
  );
  const dirty = hasChanges(changes);

  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(t('map.leaveUnsaved')),
    enableBeforeUnload: () => dirty,
  });

  const spotsById = useMemo(() => new Map((map?.spots ?? []).map((s) => [s.id, s])), [map]);
  const selectedSpot = selected?.kind === 'spots' ? spotsById.get(selected.id) : undefined;

  const save = useCallback(async () => {
    if (!map || !dirty || saving) return;
    setSaving(true);
    try {
      const next = await send<ParkingMap>('PUT', '/parking-map/layout', { version: map.version, ...changes });
      adopt(next);
      toast.success(t('map.saved'));
    } catch (e) {
      if (e instanceof RequestError && e.statusCode === 409) setStale(e.message);
      else toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  }, [map, dirty, saving, changes, adopt, t]);

  const reload = async () => {
    const m = await get<ParkingMap>('/parking-map');
    adopt(m);
  };

  const rotate = useCallback(() => {
    if (selected && selected.kind !== 'spots')
      dispatch({ type: 'rotate', kind: selected.kind, id: selected.id });
    else if (selected) dispatch({ type: 'rotate', kind: 'spots', id: selected.id });
  }, [selected]);
  const zoom = (dir: 1 | -1) => setView((v) => ({ ...v, scale: zoomStep(v.scale, dir) }));
  const resetView = () => setView(fitView(history.present, canvasSize));
  // The first view shows the whole map, whatever the screen's width.
  useEffect(() => {
    if (!fitted.current && map && canvasSize.width) {
      fitted.current = true;
      setView(fitView(history.present, canvasSize));
    }
  }, [map, canvasSize, history.present]);

  // Keyboard shortcuts (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))
        return;
      if (document.querySelector('[role="dialog"]')) return;
      const ctrl = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (ctrl && key === 'z' && !e.shiftKey && editable) dispatch({ type: 'undo' });
      else if (ctrl && ((key === 'z' && e.shiftKey) || key === 'y') && editable) dispatch({ type: 'redo' });
      else if (ctrl && key === 's' && editable) void save();
      else if (ctrl) return;
      else if (key === '+' || key === '=') zoom(1);
      else if (key === '-') zoom(-1);
      else if (key === '0') resetView();
      else if (key === 'r' && editable) rotate();
      else if (key === 'enter' && selectedSpot) setDialog('detail');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, save, rotate, selectedSpot]);

  if (query.isPending || !map) {
    if (query.isError)
      return (
        <Alert
          severity="error"
          action={<Button onClick={() => void query.refetch()}>{t('list.retry')}</Button>}
        >
          {query.error.message}
        </Alert>
      );
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  }

  const nextNumber =
    Math.max(
      0,
      ...map.spots.map((s) => Number(/(\d+)$/.exec(s.number)?.[1] ?? 0)).filter((n) => Number.isFinite(n)),
    ) + 1;
  const freeSpot = {
    x: 40,
    y: Math.max(
      40,
      ...Object.values(history.present.areas).map((a) => a.y + a.height + 40),
      ...Object.values(history.present.buildings).map((b) => b.y + b.height + 40),
    ),
  };

  const onFind = () => {
    const term = find.trim().toLowerCase();
    if (!term) return;
    const spot =
      map.spots.find((s) => s.number.toLowerCase() === term) ??
      map.spots.find((s) => s.number.toLowerCase().includes(term));
    if (!spot) {
      toast.error(t('map.notFound', { number: find.trim() }));
      return;
    }
    setSelected({ kind: 'spots', id: spot.id });
    const area = spot.areaId ? history.present.areas[spot.areaId] : undefined;
    const place = history.present.spots[spot.id];
    if (place)
      setView((v) => ({
        ...v,
        x: -((area?.x ?? 0) + place.x) * v.scale + 120,
        y: -((area?.y ?? 0) + place.y) * v.scale + 120,
      }));
  };

  const tool = (
    label: string,
    shortcut: string | null,
    icon: ReactNode,
    onClick: () => void,
    disabled = false,
  ) => (
    <Tooltip title={shortcut ? `${label} (${shortcut})` : label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Stack spacing={2}>
      <Dashboard map={map} />
      {stale && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => void reload()}>
              {t('map.reload')}
            </Button>
          }
        >
          {stale}
        </Alert>
      )}
      <Paper sx={{ p: 1 }}>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
          role="toolbar"
          aria-label={t('map.toolbar')}
        >
          {editable && (
            <>
              <Button size="small" startIcon={<AddBusinessIcon />} onClick={() => setDialog('buildings')}>
                {t('map.createBuildings')}
              </Button>
              <Button size="small" startIcon={<AddBoxIcon />} onClick={() => setDialog('area')}>
                {t('map.createArea')}
              </Button>
              <Divider orientation="vertical" flexItem />
              {tool(
                t('map.undo'),
                `${mod}+Z`,
                <UndoIcon />,
                () => dispatch({ type: 'undo' }),
                history.past.length === 0,
              )}
              {tool(
                t('map.redo'),
                `${mod}+Shift+Z`,
                <RedoIcon />,
                () => dispatch({ type: 'redo' }),
                history.future.length === 0,
              )}
              {tool(t('map.rotate'), 'R', <RotateIcon />, rotate, !selected)}
            </>
          )}
          {tool(t('map.zoomIn'), '+', <ZoomInIcon />, () => zoom(1))}
          {tool(t('map.zoomOut'), '-', <ZoomOutIcon />, () => zoom(-1))}
          {tool(t('map.resetView'), '0', <CenterFocusIcon />, resetView)}
          <Divider orientation="vertical" flexItem />
          {tool(t('map.details'), 'Enter', <InfoIcon />, () => setDialog('detail'), !selectedSpot)}
          {editable &&
            tool(t('map.editSpotShort'), null, <EditIcon />, () => setDialog('edit'), !selectedSpot)}
          {can('reservations.create') &&
            tool(t('map.reserveShort'), null, <EventIcon />, () => setDialog('reserve'), !selectedSpot)}
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              onFind();
            }}
            sx={{ ml: { sm: 1 }, width: { xs: '100%', sm: 160 } }}
          >
            <TextField
              size="small"
              label={t('map.find')}
              value={find}
              onChange={(e) => setFind(e.target.value)}
              fullWidth
            />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {editable && (
            <Tooltip title={`${t('map.save')} (${mod}+S)`}>
              <span>
                <Button
                  variant="contained"
                  size="small"
                  startIcon={<SaveIcon />}
                  disabled={!dirty || saving}
                  onClick={() => void save()}
                >
                  {dirty ? t('map.saveChanges') : t('map.allSaved')}
                </Button>
              </span>
            </Tooltip>
          )}
        </Stack>
        {selected && (
          <Typography variant="body2" sx={{ px: 1, pt: 0.5 }} aria-live="polite">
            {selected.kind === 'spots' && selectedSpot
              ? t('map.selectedSpot', { number: selectedSpot.number })
              : selected.kind === 'buildings'
                ? t('map.selectedBuilding', {
                    name: map.buildings.find((b) => b.id === selected.id)?.name ?? '',
                  })
                : t('map.selectedArea', { name: map.areas.find((a) => a.id === selected.id)?.name ?? '' })}
          </Typography>
        )}
      </Paper>
      <Canvas
        map={map}
        layout={history.present}
        editable={editable}
        selected={selected}
        view={view}
        onView={setView}
        onSize={setCanvasSize}
        onSelect={setSelected}
        onMove={(kind, id, x, y) => dispatch({ type: 'move', kind, id, x, y })}
        onOpenSpot={(id) => {
          setSelected({ kind: 'spots', id });
          setDialog('detail');
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('map.help')}
      </Typography>

      {dialog === 'buildings' && (
        <CreateBuildingsDialog
          at={freeSpot}
          onClose={() => setDialog(null)}
          onDone={(m) => {
            setDialog(null);
            toast.success(t('map.buildingsCreated'));
            mergeServer(m);
          }}
        />
      )}
      {dialog === 'area' && (
        <CreateAreaDialog
          at={freeSpot}
          nextNumber={nextNumber}
          onClose={() => setDialog(null)}
          onDone={(m) => {
            setDialog(null);
            toast.success(t('map.areaCreated'));
            mergeServer(m);
          }}
        />
      )}
      {dialog === 'edit' && selectedSpot && (
        <EditSpotDialog
          spot={selectedSpot}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            toast.success(t('resource.updated', { item: t('entities.spots') }));
            void refreshKeepingEdits();
          }}
        />
      )}
      {dialog === 'detail' && selectedSpot && (
        <SpotDetailDialog
          spotId={selectedSpot.id}
          onClose={() => setDialog(null)}
          actions={
            can('reservations.create') ? (
              <Button onClick={() => setDialog('reserve')} startIcon={<EventIcon />}>
                {t('map.reserveShort')}
              </Button>
            ) : undefined
          }
        />
      )}
      {dialog === 'reserve' && selectedSpot && (
        <ReserveSpotDialog
          spot={selectedSpot}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            toast.success(t('map.reserved', { number: selectedSpot.number }));
            void client.invalidateQueries({ queryKey: ['/spots'] });
            void refreshKeepingEdits();
          }}
        />
      )}
    </Stack>
  );

  /** A server answer after a create: new items join; positions being edited stay as the user left them. */
  function mergeServer(m: ParkingMap) {
    const fresh = layoutOf(m);
    const present = history.present;
    const keep = (kind: Kind) => ({
      ...fresh[kind],
      ...Object.fromEntries(Object.entries(present[kind]).filter(([id]) => id in fresh[kind])),
    });
    const merged: Layout = { buildings: keep('buildings'), areas: keep('areas'), spots: keep('spots') };
    setMap(m);
    const base = saved ?? fresh;
    setSaved({
      buildings: {
        ...fresh.buildings,
        ...Object.fromEntries(Object.entries(base.buildings).filter(([id]) => id in fresh.buildings)),
      },
      areas: {
        ...fresh.areas,
        ...Object.fromEntries(Object.entries(base.areas).filter(([id]) => id in fresh.areas)),
      },
      spots: {
        ...fresh.spots,
        ...Object.fromEntries(Object.entries(base.spots).filter(([id]) => id in fresh.spots)),
      },
    });
    dispatch({ type: 'load', layout: merged });
    client.setQueryData(MAP_KEY, m);
  }

  async function refreshKeepingEdits() {
    mergeServer(await get<ParkingMap>('/parking-map'));
  }
}

function Dashboard({ map }: { map: ParkingMap }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label={t('map.dashboard')}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        divider={<Divider flexItem orientation="vertical" />}
      >
        <Box sx={{ minWidth: 120 }}>
          <Typography variant="overline" component="h2">
            {t('map.totalSpots')}
          </Typography>
          <Typography variant="h4" component="p" data-testid="map-total">
            {map.counts.total}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('map.areasBuildings', { areas: map.areas.length, buildings: map.buildings.length })}
          </Typography>
        </Box>
        <Box sx={{ flex: 2 }}>
          <Typography variant="overline" component="h2">
            {t('map.byType')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {SPOT_TYPES.filter((type) => map.counts.byType[type]).map((type) => (
              <Box key={type} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <SpotTypeChip type={type} />
                <Typography variant="body2">{map.counts.byType[type]}</Typography>
              </Box>
            ))}
            {map.counts.total === 0 && <Typography color="text.secondary">{t('map.empty')}</Typography>}
          </Box>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="overline" component="h2">
            {t('map.byStatus')}
          </Typography>
          <Stack spacing={0.25} data-testid="map-status">
            {SPACE_STATUSES.map((s) => (
              <Typography key={s} variant="body2">
                {t(`spots.status.${s}`)}: <strong>{map.counts.byStatus[s] ?? 0}</strong>
              </Typography>
            ))}
          </Stack>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="overline" component="h2">
            {t('map.areas')}
          </Typography>
          <Stack spacing={0.25}>
            {map.areas.map((a) => (
              <Typography key={a.id} variant="body2">
                {a.name}: <strong>{map.counts.byArea[String(a.id)] ?? 0}</strong>
              </Typography>
            ))}
            {map.areas.length === 0 && <Typography color="text.secondary">{t('map.noAreas')}</Typography>}
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}

const CANVAS_HEIGHT = { xs: 420, md: 560 };

function Canvas({
  map,
  layout,
  editable,
  selected,
  view,
  onView,
  onSelect,
  onMove,
  onOpenSpot,
  onSize,
}: {
  onSize: (size: { width: number; height: number }) => void;
  map: ParkingMap;
  layout: Layout;
  editable: boolean;
  selected: Selection;
  view: { scale: number; x: number; y: number };
  onView: (v: { scale: number; x: number; y: number }) => void;
  onSelect: (s: Selection) => void;
  onMove: (kind: Kind, id: number, x: number, y: number) => void;
  onOpenSpot: (id: number) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 800, height: 560 });
  const painted = useRef(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () =>
      setSize({
        width: el.clientWidth,
        height: window.innerWidth < 900 ? CANVAS_HEIGHT.xs : CANVAS_HEIGHT.md,
      });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [onSize]);
  const spotsByArea = useMemo(() => {
    const groups = new Map<number | null, MapSpot[]>();
    for (const s of map.spots) {
      const list = groups.get(s.areaId) ?? [];
      list.push(s);
      groups.set(s.areaId, list);
    }
    return groups;
  }, [map.spots]);

  const spotShape = (s: MapSpot) => {
    const p = layout.spots[s.id];
    if (!p) return null;
    const isSelected = selected?.kind === 'spots' && selected.id === s.id;
    return (
      <Group
        key={s.id}
        x={p.x + MAP_SPOT_WIDTH / 2}
        y={p.y + MAP_SPOT_HEIGHT / 2}
        offsetX={MAP_SPOT_WIDTH / 2}
        offsetY={MAP_SPOT_HEIGHT / 2}
        rotation={p.rotation}
        draggable={editable}
        onMouseDown={(e) => (e.cancelBubble = true)}
        onTouchStart={(e) => (e.cancelBubble = true)}
        onClick={(e) => {
          e.cancelBubble = true;
          onSelect({ kind: 'spots', id: s.id });
        }}
        onTap={(e) => {
          e.cancelBubble = true;
          onSelect({ kind: 'spots', id: s.id });
        }}
        onDblClick={() => onOpenSpot(s.id)}
        onDblTap={() => onOpenSpot(s.id)}
        onDragEnd={(e) => {
          e.cancelBubble = true;
          onMove(
            'spots',
            s.id,
            snap(e.target.x() - MAP_SPOT_WIDTH / 2),
            snap(e.target.y() - MAP_SPOT_HEIGHT / 2),
          );
        }}
      >
        <Rect
          width={MAP_SPOT_WIDTH}
          height={MAP_SPOT_HEIGHT}
          fill={s.status === 'outOfService' ? '#e0e0e0' : SPOT_TYPE_COLOURS[s.type]}
          stroke={isSelected ? '#0d47a1' : s.reservedNow ? '#4a148c' : '#546e7a'}
          strokeWidth={isSelected ? 3 : s.reservedNow ? 2.5 : 1}
          dash={s.status === 'outOfService' ? [4, 3] : undefined}
          cornerRadius={3}
          perfectDrawEnabled={false}
        />
        <Text
          text={s.number}
          width={MAP_SPOT_WIDTH}
          y={MAP_SPOT_HEIGHT / 2 - 7}
          align="center"
          fontSize={12}
          fontStyle="bold"
          fill="#1a1a1a"
          listening={false}
          perfectDrawEnabled={false}
        />
        {s.reservedNow && (
          <Text
            text="R"
            x={MAP_SPOT_WIDTH - 12}
            y={3}
            fontSize={10}
            fontStyle="bold"
            fill="#4a148c"
            listening={false}
          />
        )}
        {s.name && (
          <Text
            text={s.name}
            width={MAP_SPOT_WIDTH}
            y={MAP_SPOT_HEIGHT - 16}
            align="center"
            fontSize={10}
            fill="#1a1a1a"
            listening={false}
          />
        )}
      </Group>
    );
  };

  return (
    <Paper
      ref={box}
      variant="outlined"
      sx={{ overflow: 'hidden', bgcolor: '#f5f7f8', touchAction: 'none' }}
      role="img"
      aria-label={t('map.canvasLabel', {
        spots: map.counts.total,
        areas: map.areas.length,
        buildings: map.buildings.length,
      })}
      data-testid="map-canvas"
    >
      <Stage
        width={size.width}
        height={size.height}
        scaleX={view.scale}
        scaleY={view.scale}
        x={view.x}
        y={view.y}
        draggable
        onDragEnd={(e) => {
          if (e.target === e.target.getStage()) onView({ ...view, x: e.target.x(), y: e.target.y() });
        }}
        onWheel={(e) => {
          e.evt.preventDefault();
          const stage = e.target.getStage() as Konva.Stage;
          const pointer = stage.getPointerPosition() ?? { x: 0, y: 0 };
          const scale = zoomStep(view.scale, e.evt.deltaY < 0 ? 1 : -1);
          const at = { x: (pointer.x - view.x) / view.scale, y: (pointer.y - view.y) / view.scale };
          onView({ scale, x: pointer.x - at.x * scale, y: pointer.y - at.y * scale });
        }}
        onClick={(e) => {
          if (e.target === e.target.getStage()) onSelect(null);
        }}
      >
        <Layer>
          {map.buildings.map((b) => {
            const p = layout.buildings[b.id];
            if (!p) return null;
            const isSelected = selected?.kind === 'buildings' && selected.id === b.id;
            return (
              <Group
                key={b.id}
                x={p.x + p.width / 2}
                y={p.y + p.height / 2}
                offsetX={p.width / 2}
                offsetY={p.height / 2}
                rotation={p.rotation}
                draggable={editable}
                onMouseDown={(e) => (e.cancelBubble = true)}
                onClick={() => onSelect({ kind: 'buildings', id: b.id })}
                onTap={() => onSelect({ kind: 'buildings', id: b.id })}
                onDragEnd={(e) =>
                  onMove(
                    'buildings',
                    b.id,
                    snap(e.target.x() - p.width / 2),
                    snap(e.target.y() - p.height / 2),
                  )
                }
              >
                <Rect
                  width={p.width}
                  height={p.height}
                  fill="#cfd8dc"
                  stroke={isSelected ? '#0d47a1' : '#455a64'}
                  strokeWidth={isSelected ? 3 : 1.5}
                  cornerRadius={4}
                />
                <Text
                  text={b.name}
                  width={p.width}
                  y={p.height / 2 - 18}
                  align="center"
                  fontSize={16}
                  fontStyle="bold"
                  fill="#1a1a1a"
                  listening={false}
                />
                <Text
                  text={t('map.unitsCount', { count: b.unitsCount })}
                  width={p.width}
                  y={p.height / 2 + 4}
                  align="center"
                  fontSize={13}
                  fill="#263238"
                  listening={false}
                />
              </Group>
            );
          })}
          {map.areas.map((a) => {
            const p = layout.areas[a.id];
            if (!p) return null;
            const isSelected = selected?.kind === 'areas' && selected.id === a.id;
            return (
              <Group
                key={a.id}
                x={p.x}
                y={p.y}
                rotation={p.rotation}
                draggable={editable}
                onMouseDown={(e) => (e.cancelBubble = true)}
                onClick={() => onSelect({ kind: 'areas', id: a.id })}
                onTap={() => onSelect({ kind: 'areas', id: a.id })}
                onDragEnd={(e) => {
                  if (e.target.getType() === 'Group' && e.target.getParent()?.getType() === 'Layer')
                    onMove('areas', a.id, snap(e.target.x()), snap(e.target.y()));
                }}
              >
                <Rect
                  width={p.width}
                  height={p.height}
                  fill="#ffffff"
                  stroke={isSelected ? '#0d47a1' : '#90a4ae'}
                  strokeWidth={isSelected ? 3 : 1}
                  dash={[8, 4]}
                  cornerRadius={6}
                />
                <Text
                  text={a.name}
                  x={12}
                  y={8}
                  fontSize={14}
                  fontStyle="bold"
                  fill="#263238"
                  listening={false}
                />
                {(spotsByArea.get(a.id) ?? []).map(spotShape)}
              </Group>
            );
          })}
          {(spotsByArea.get(null) ?? []).map(spotShape)}
          <Rect
            width={1}
            height={1}
            listening={false}
            ref={(node) => {
              if (node && !painted.current) {
                painted.current = true;
                requestAnimationFrame(() => {
                  window.__parkadeMapPainted = performance.now();
                });
              }
            }}
          />
        </Layer>
      </Stage>
    </Paper>
  );
}
