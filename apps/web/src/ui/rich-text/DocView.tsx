import {
  Box,
  Divider,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { DocBlock, DocContent, DocInline, DocListItem, DocMark, DocTableRow } from '@parkade/contract';
import { Fragment, type ReactNode } from 'react';

type Level = 1 | 2 | 3 | 4 | 5 | 6;

export interface DocViewProps {
  doc: DocContent;
  /**
   * The HTML level of the text's first-level headings (2: they are h2, its second level h3…), so the page's outline
   * stays right under the page's own title. Capped at h6.
   */
  headingLevel?: Level;
}

/** Each level of the text's headings, sized for a reading page (the page's own title stays bigger). */
const HEADINGS = {
  1: { variant: 'h3', sx: { mt: 3, mb: 1 } },
  2: { variant: 'h4', sx: { mt: 2.5, mb: 1 } },
  3: { variant: 'subtitle1', sx: { mt: 2, mb: 0.5, fontWeight: 600 } },
} as const;

/**
 * A document's rich text (`DocContent`) as the page shows it: React elements built from the JSON, never HTML, so a
 * text stays a text whatever it holds. Tables scroll sideways on a narrow screen; a page break is a faint line on the
 * screen and a new page in print.
 */
export function DocView({ doc, headingLevel = 2 }: DocViewProps) {
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      {doc.content.map((b, i) => block(b, headingLevel, i, i === 0))}
    </Box>
  );
}

const LIST_SX = { pl: 3.5, my: 1, '& > li > p': { my: 0.25 } };
const items = (list: readonly DocListItem[], base: Level) =>
  list.map((item, i) => <li key={i}>{blocks(item.content, base)}</li>);

function blocks(list: readonly DocBlock[], base: Level): ReactNode[] {
  return list.map((b, i) => block(b, base, i, false));
}

/** One block; the document's first one has no space above it. */
function block(b: DocBlock, base: Level, key: number, first: boolean): ReactNode {
  const top = first ? { mt: 0 } : {};
  switch (b.type) {
    case 'paragraph':
      return (
        <Typography
          key={key}
          component="p"
          sx={{ my: 1, textAlign: b.attrs?.textAlign, minHeight: '1.5em', ...top }}
        >
          {inlines(b.content)}
        </Typography>
      );
    case 'heading': {
      const h = HEADINGS[b.attrs.level] ?? HEADINGS[3];
      const level = Math.min(base + b.attrs.level - 1, 6);
      return (
        <Typography
          key={key}
          component={`h${level}` as 'h2'}
          variant={h.variant}
          sx={{ ...h.sx, textAlign: b.attrs.textAlign, ...top }}
        >
          {inlines(b.content)}
        </Typography>
      );
    }
    case 'bulletList':
      return (
        <Box key={key} component="ul" sx={{ ...LIST_SX, ...top }}>
          {items(b.content, base)}
        </Box>
      );
    case 'orderedList':
      return (
        <Box key={key} component="ol" start={b.attrs?.start} sx={{ ...LIST_SX, ...top }}>
          {items(b.content, base)}
        </Box>
      );
    case 'table':
      return table(b.content, base, key, first);
    case 'pageBreak':
      return (
        <Divider
          key={key}
          sx={{ my: 3, borderStyle: 'dashed', '@media print': { border: 0, m: 0, breakAfter: 'page' } }}
        />
      );
    default:
      return null;
  }
}

function table(rows: readonly DocTableRow[], base: Level, key: number, first: boolean) {
  // A first row of header cells is the table's head (its cells name the columns).
  const head = rows[0]?.content.every((c) => c.type === 'tableHeader') ? rows[0] : undefined;
  const body = head ? rows.slice(1) : rows;
  const row = (r: DocTableRow, i: number, inHead: boolean) => (
    <TableRow key={i}>
      {r.content.map((c, j) => (
        <TableCell
          key={j}
          component={c.type === 'tableHeader' ? 'th' : 'td'}
          scope={c.type === 'tableHeader' ? (inHead ? 'col' : 'row') : undefined}
          sx={{ '& > p': { my: 0.5 } }}
        >
          {blocks(c.content, base)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <TableContainer
      key={key}
      sx={{
        my: 1.5,
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...(first ? { mt: 0 } : {}),
      }}
    >
      <Table
        size="small"
        sx={{
          // A column stays readable on a phone: the table scrolls sideways rather than squeeze it.
          '& td, & th': {
            border: 1,
            borderColor: 'divider',
            verticalAlign: 'top',
            typography: 'body2',
            minWidth: 96,
            overflowWrap: 'break-word',
          },
          '& td p, & th p': { typography: 'body2' },
          '& th p': { fontWeight: 600 },
          '& th': { fontWeight: 600, bgcolor: 'grey.50' },
          '& tr > :first-of-type': { borderLeft: 0 },
          '& tr > :last-of-type': { borderRight: 0 },
          '& tr:first-of-type > *': { borderTop: 0 },
          '& tbody tr:last-of-type > *': { borderBottom: 0 },
        }}
      >
        {head && <TableHead>{row(head, 0, true)}</TableHead>}
        <TableBody>{body.map((r, i) => row(r, i, false))}</TableBody>
      </Table>
    </TableContainer>
  );
}

function inlines(list: readonly DocInline[] | undefined): ReactNode[] {
  return (list ?? []).map((n, i) => (n.type === 'hardBreak' ? <br key={i} /> : marked(n.text, n.marks, i)));
}

function marked(text: string, marks: readonly DocMark[] | undefined, key: number): ReactNode {
  let out: ReactNode = text;
  for (const m of marks ?? []) {
    if (m.type === 'bold') out = <strong>{out}</strong>;
    else if (m.type === 'italic') out = <em>{out}</em>;
    else if (m.type === 'underline') out = <u>{out}</u>;
  }
  return <Fragment key={key}>{out}</Fragment>;
}
