import type { ListResponse } from '@parkade/contract';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Collapse,
  InputAdornment,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowId,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../platform/errors';
import { AppLink } from './AppLink';
import { QueryError } from './QueryError';
import {
  nextListSearch,
  PAGE_SIZE_OPTIONS,
  parseListSearch,
  sortFromModel,
  sortModelFromSearch,
  toListQuery,
  type ListSearch,
  type ListSpec,
} from './list-search';
import { useGridLocaleText } from './widget-locale';

/** A list's URL state (see list-search.ts) and the API query it stands for. */
export interface ListState {
  spec: ListSpec;
  search: ListSearch;
  query: ReturnType<typeof toListQuery>;
  /** Changes the URL: page back to 1 unless the page itself changes; `replace` for typing in the search box. */
  update: (patch: Partial<ListSearch>, options?: { replace?: boolean }) => void;
}

/** Reads and writes the list state in the current route's search params (declare them with `listSearch(spec)`). */
export function useListState(spec: ListSpec): ListState {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const key = JSON.stringify(raw);
  // The spec is static per page; the raw search is compared by value.
  const search = useMemo(() => parseListSearch(raw, spec), [key]);
  const query = useMemo(() => toListQuery(search, spec), [search]);
  const update = useCallback(
    (patch: Partial<ListSearch>, options: { replace?: boolean } = {}) => {
      void navigate({ to: '.', search: nextListSearch(search, patch) as never, replace: options.replace });
    },
    [navigate, search],
  );
  return { spec, search, query, update };
}

/**
 * A column of the table. `secondary` columns are hidden on narrow screens, `narrow` columns shown only there (a
 * compact summary of the hidden ones, on rows that grow to fit); `link` makes the cell open the row.
 */
export type DataTableColumn<T extends GridValidRowModel> = GridColDef<T> & {
  secondary?: boolean;
  narrow?: boolean;
  link?: boolean;
};

export interface DataTableProps<T extends GridValidRowModel & { id: number | string }> {
  /** The table's accessible name (usually the page title). */
  label: string;
  list: ListState;
  result: UseQueryResult<ListResponse<T>, RequestError>;
  columns: DataTableColumn<T>[];
  /** The show page of a row: row click and the link column open it. */
  rowHref?: (row: T) => string;
  /** Or what a row click does instead (a details dialog). */
  onRowOpen?: (row: T) => void;
  /** Column filters beside the search box. */
  filters?: ReactNode;
  /** Label of the search box (→ filter[term]). */
  searchLabel?: string;
  searchable?: boolean;
  /** Checkbox selection of rows (bulk actions); the ids selected across pages. */
  selection?: { ids: number[]; onChange: (ids: number[]) => void };
}

const SEARCH_DELAY_MS = 350;

/**
 * The one list component (DESIGN §6): MUI X DataGrid in server mode. Page, page size, sort, search and column
 * filters live in the URL; the API does the filtering, sorting and paging; loading, empty and error states are
 * translated; a row opens its show page; secondary columns give way on narrow screens (360 px).
 */
export function DataTable<T extends GridValidRowModel & { id: number | string }>(props: DataTableProps<T>) {
  const { label, list, result, rowHref, onRowOpen, filters, searchable = true } = props;
  const { t } = useTranslation();
  const gridLocaleText = useGridLocaleText();
  const navigate = useNavigate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const filtersId = useId();
  const { search, spec, query, update } = list;

  // The search box: typed text is sent after a pause; a URL change (back/forward) refills it.
  const [term, setTerm] = useState(search.term ?? '');
  useEffect(() => setTerm(search.term ?? ''), [search.term]);
  useEffect(() => {
    if (term.trim() === (search.term ?? '')) return;
    const timer = setTimeout(
      () => update({ term: term.trim() || undefined }, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [term, search.term, update]);

  const columns = useMemo<GridColDef<T>[]>(
    () =>
      props.columns.map(({ secondary: _secondary, narrow: _narrow, link, ...col }) => ({
        flex: 1,
        minWidth: 120,
        ...col,
        sortable: spec.sorts.includes(col.field),
        filterable: false,
        ...(link && rowHref
          ? {
              renderCell: (params) => (
                <AppLink
                  href={rowHref(params.row)}
                  onClick={(e) => e.stopPropagation()}
                  underline="hover"
                  sx={{ fontWeight: 600 }}
                >
                  {String(params.formattedValue ?? params.value ?? '')}
                </AppLink>
              ),
            }
          : {}),
      })),
    [props.columns, spec.sorts, rowHref],
  );
  const visibility = useMemo<GridColumnVisibilityModel>(
    () =>
      Object.fromEntries(
        props.columns
          .filter((c) => c.secondary || c.narrow)
          .map((c): [string, boolean] => [c.field, c.narrow ? narrow : !narrow]),
      ),
    [props.columns, narrow],
  );
  const autoRowHeight = narrow && props.columns.some((c) => c.narrow);
  // On a phone the column filters fold behind one button that says how many are set.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = spec.filters.filter((f) => search[f] !== undefined).length;

  const paginationModel: GridPaginationModel = {
    page: (query.page ?? 1) - 1,
    pageSize: query.pageSize ?? 50,
  };
  const sortModel: GridSortModel = sortModelFromSearch(search.sort, spec.defaultSort);
  const filtered = Boolean(search.term) || spec.filters.some((f) => search[f] !== undefined);
  const data = result.data;

  return (
    <Stack spacing={2}>
      {(searchable || filters) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
        >
          {narrow && filters && (
            <Button
              variant={activeFilters ? 'contained' : 'outlined'}
              startIcon={<FilterListIcon />}
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              sx={{ alignSelf: 'flex-start' }}
            >
              {activeFilters ? t('list.filtersActive', { count: activeFilters }) : t('list.filters')}
            </Button>
          )}
          {searchable && (
            <TextField
              type="search"
              label={props.searchLabel ?? t('list.search')}
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              sx={{ maxWidth: { sm: 320 } }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
          {narrow ? (
            <Collapse in={filtersOpen} id={filtersId} unmountOnExit>
              <Stack spacing={1.5}>{filters}</Stack>
            </Collapse>
          ) : (
            filters
          )}
        </Stack>
      )}
      {result.isError && <QueryError error={result.error} retry={result.refetch} prefix={t('list.error')} />}
      <Box sx={{ width: '100%', bgcolor: 'background.paper', borderRadius: 1 }}>
        <DataGrid<T>
          label={label}
          aria-label={label}
          rows={data?.data ?? []}
          rowCount={data?.meta.total ?? 0}
          columns={columns}
          loading={result.isFetching}
          autoHeight
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={(m) => update({ page: m.page + 1, pageSize: m.pageSize })}
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          sortModel={sortModel}
          onSortModelChange={(m) => update({ sort: sortFromModel(m, spec.defaultSort) })}
          sortingOrder={['asc', 'desc']}
          columnVisibilityModel={visibility}
          getRowHeight={autoRowHeight ? () => 'auto' : undefined}
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          checkboxSelection={!!props.selection}
          keepNonExistentRowsSelected={!!props.selection}
          {...(props.selection
            ? {
                rowSelectionModel: { type: 'include' as const, ids: new Set<GridRowId>(props.selection.ids) },
                onRowSelectionModelChange: (m: GridRowSelectionModel) =>
                  props.selection!.onChange(
                    m.type === 'include'
                      ? [...m.ids].map(Number)
                      : (data?.data ?? []).map((r) => Number(r.id)).filter((id) => !m.ids.has(id)),
                  ),
              }
            : {})}
          disableColumnMenu={narrow}
          onRowClick={
            rowHref
              ? (params: GridRowParams<T>) => void navigate({ to: rowHref(params.row) as never })
              : onRowOpen
                ? (params: GridRowParams<T>) => onRowOpen(params.row)
                : undefined
          }
          localeText={{
            ...gridLocaleText,
            noRowsLabel: result.isError
              ? result.error.code === 'check-in-required'
                ? t('patrol.shownDuringRound')
                : t('list.error')
              : filtered
                ? t('list.noResults')
                : t('list.empty'),
          }}
          sx={{
            border: 0,
            '& .MuiDataGrid-row': rowHref || onRowOpen ? { cursor: 'pointer' } : undefined,
            '& .MuiDataGrid-cell': autoRowHeight ? { py: 1.25 } : undefined,
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
            '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outlineOffset: -2 },
          }}
        />
      </Box>
    </Stack>
  );
}
