import type { Readable } from 'node:stream';
import {
  formatInstant,
  INTL_LOCALES,
  ownVerdict,
  wallClockIn,
  type Language,
  type Observation,
  type PatrolReport,
  type PatrolReportExportFormat,
} from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { HttpError } from '../../platform/errors';
import type { FileAnswer } from '../../platform/file-answer';
import { t } from '../../platform/i18n';
import { newPdf, pdfBuffer, streamToBuffer } from '../../platform/pdf';
import type { Scope } from '../../platform/scope';
import { exportWorkbook } from '../../platform/xlsx';
import { contentDisposition, ownedFile } from '../files/service';
import { files } from '../files/table';
import { OBSERVATION_ENTITY } from '../patrolling/observations';
import { propertyTimeZone } from '../properties/dates';
import { getReport, reportPhotoOwner } from './reports';

/*
 * A patrol report as a document (issue 18): .xlsx (one row per observation, each with the round's header
 * columns, so a filter or pivot keeps the context) and PDF (the round, then each observation with its photos,
 * small), in the caller's language, times in the property's time zone.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Photos pdfkit can embed (a webp photo is named, not shown). */
const EMBEDDABLE = new Set(['image/png', 'image/jpeg']);
/** At most this many photo bytes go into one PDF; the rest are named (a round of many photos stays a document). */
const PDF_PHOTO_BYTES_MAX = 40 * 1024 * 1024;
const PHOTO_BOX: [number, number] = [150, 112];

/**
 * A date-time in the property's time zone, in the caller's language. The report names its zone once, above its
 * times, so each time is written without it (read as if by a reader in that zone).
 */
const formatter = (lang: Language, tz: string) => {
  const at = { intlLocale: INTL_LOCALES[lang], timeZone: tz, readerZone: tz };
  return (iso: string | null) => (iso ? formatInstant(iso, at) : '—');
};

/**
 * The instant as the wall clock of `tz` shows it (a spreadsheet's date cells have no time zone, so they are written
 * as the property's local time; the header names the zone).
 */
const wallClock = (iso: string | null, tz: string) => (iso ? wallClockIn(iso, tz) : null);

const position = (lang: Language, lat: number | null, lon: number | null) =>
  lat === null || lon === null
    ? t(lang, 'patrolReports.noPosition')
    : t(lang, 'patrolReports.position', { latitude: lat.toFixed(6), longitude: lon.toFixed(6) });

const distance = (lang: Language, metres: number | null) =>
  metres === null ? '' : t(lang, 'patrolReports.distanceValue', { distance: metres });

const verdictText = (lang: Language, o: Observation) => {
  const v = ownVerdict(o.lookup);
  if (!v) return '';
  const text = t(lang, `lookup.verdict.${v}`);
  return o.changedFrom
    ? `${text} (${t(lang, 'patrolReports.changedFrom', { verdict: t(lang, `lookup.verdict.${o.changedFrom}`) })})`
    : text;
};

const spotOrPlace = (lang: Language, o: Observation) =>
  [o.spot ? t(lang, 'patrolReports.spotNumber', { number: o.spot.number }) : null, o.place]
    .filter(Boolean)
    .join(' · ');

/** GET /patrolling-reports/:id/export?format=xlsx|pdf */
export async function exportReport(
  ctx: Scope,
  id: number,
  format: PatrolReportExportFormat,
): Promise<FileAnswer> {
  const report = await getReport(ctx, id);
  const tz = await propertyTimeZone(ctx);
  return format === 'xlsx' ? reportWorkbook(ctx.lang, report, tz) : reportPdf(ctx, report, tz);
}

async function reportWorkbook(lang: Language, report: PatrolReport, tz: string): Promise<FileAnswer> {
  const f = (key: string) => t(lang, `patrolReports.fields.${key}`);
  const zoned = (key: string) => `${f(key)} (${tz})`;
  const when = { dateFormat: 'yyyy-mm-dd hh:mm' };
  const c = report.checkIn;
  const round = {
    report: report.id,
    property: c.property.name,
    officer: report.officer.name,
    startedAt: wallClock(report.startedAt, tz),
    startPosition: position(lang, c.latitude, c.longitude),
    locationStatus: t(lang, `patrolReports.locationStatus.${report.locationStatus}`),
    distance: c.distanceMeters,
    endedAt: wallClock(report.endedAt, tz),
    endPosition: report.endedAt ? position(lang, c.checkoutLatitude, c.checkoutLongitude) : null,
    summary: report.summary,
  };
  const rows = report.observationList.length
    ? report.observationList.map((o) => ({
        ...round,
        observedAt: wallClock(o.observedAt, tz),
        plate: o.plate,
        verdict: verdictText(lang, o),
        spot: o.spot?.number ?? null,
        place: o.place,
        notes: o.notes,
        photos: o.photos.length,
      }))
    : [round];
  const body = await exportWorkbook({
    sheet: t(lang, 'patrolReports.sheet'),
    columns: [
      { key: 'report', header: f('report'), width: 10 },
      { key: 'property', header: f('property'), width: 24 },
      { key: 'officer', header: f('officer'), width: 24 },
      { key: 'startedAt', header: zoned('startedAt'), width: 22, ...when },
      { key: 'startPosition', header: f('startPosition'), width: 24 },
      { key: 'locationStatus', header: f('locationStatus'), width: 20 },
      { key: 'distance', header: f('distance'), width: 12 },
      { key: 'endedAt', header: zoned('endedAt'), width: 22, ...when },
      { key: 'endPosition', header: f('endPosition'), width: 24 },
      { key: 'summary', header: f('summary'), width: 40 },
      { key: 'observedAt', header: zoned('observedAt'), width: 22, ...when },
      { key: 'plate', header: f('plate'), width: 14 },
      { key: 'verdict', header: f('verdict'), width: 24 },
      { key: 'spot', header: f('spot'), width: 10 },
      { key: 'place', header: f('place'), width: 24 },
      { key: 'notes', header: f('notes'), width: 40 },
      { key: 'photos', header: f('photos'), width: 10 },
    ],
    rows,
  });
  return {
    body,
    contentType: XLSX,
    disposition: contentDisposition(`patrol-report-${report.id}.xlsx`, 'attachment'),
  };
}

/** The bytes of the observations' photos pdfkit can embed, by file id, up to PDF_PHOTO_BYTES_MAX in all. */
async function photoBytes(ctx: Scope, report: PatrolReport): Promise<Map<number, Buffer>> {
  const ids = report.observationList.flatMap((o) => o.photos.map((p) => p.id));
  const out = new Map<number, Buffer>();
  if (!ids.length) return out;
  const rows = await ctx.tx
    .select({ id: files.id, key: files.storageKey, mimeType: files.mimeType, size: files.size })
    .from(files)
    .where(
      and(eq(files.propertyId, ctx.propertyId), eq(files.entity, OBSERVATION_ENTITY), inArray(files.id, ids)),
    )
    .orderBy(files.id);
  let budget = PDF_PHOTO_BYTES_MAX;
  const { storage } = ctx.services;
  for (const row of rows) {
    if (!EMBEDDABLE.has(row.mimeType) || row.size > budget) continue;
    if (!(await storage.exists(row.key))) continue;
    out.set(row.id, await streamToBuffer(storage.read(row.key)));
    budget -= row.size;
  }
  return out;
}

async function reportPdf(ctx: Scope, report: PatrolReport, tz: string): Promise<FileAnswer> {
  const { doc, bold, regular, lang } = newPdf(ctx.lang);
  const when = formatter(lang, tz);
  const f = (key: string) => t(lang, `patrolReports.fields.${key}`);
  const c = report.checkIn;
  const photos = await photoBytes(ctx, report);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const line = (label: string, value: string) => {
    if (!value) return;
    doc.font(bold).fontSize(10).fillColor('#444').text(`${label}: `, { continued: true });
    doc.font(regular).fillColor('#111').text(value);
  };

  doc.font(regular).fontSize(11).fillColor('#555').text(c.property.name);
  doc
    .font(bold)
    .fontSize(20)
    .fillColor('#111')
    .text(t(lang, 'patrolReports.pdf.title', { id: report.id }));
  doc.moveDown(0.5);
  line(f('officer'), report.officer.name);
  line(f('status'), t(lang, `patrolReports.status.${report.status}`));
  line(f('startedAt'), when(report.startedAt));
  line(f('startPosition'), position(lang, c.latitude, c.longitude));
  line(f('locationStatus'), t(lang, `patrolReports.locationStatus.${report.locationStatus}`));
  line(f('distance'), distance(lang, c.distanceMeters));
  if (report.locationStatus === 'no-coordinates') {
    doc.font(bold).fontSize(10).fillColor('#b45309').text(t(lang, 'patrolReports.noCoordinatesFlag'));
  }
  line(f('endedAt'), report.endedAt ? when(report.endedAt) : t(lang, 'patrolReports.stillOpen'));
  if (report.endedAt) {
    line(f('endPosition'), position(lang, c.checkoutLatitude, c.checkoutLongitude));
    line(f('endDistance'), distance(lang, c.checkoutDistanceMeters));
  }
  line(f('warnings'), String(report.warnings));
  doc
    .font(regular)
    .fontSize(9)
    .fillColor('#555')
    .text(t(lang, 'patrolReports.pdf.timeZone', { tz }));

  doc.moveDown(0.8);
  doc.font(bold).fontSize(13).fillColor('#111').text(f('summary'));
  doc
    .font(regular)
    .fontSize(10)
    .fillColor('#111')
    .text(report.summary ?? t(lang, 'patrolReports.noSummary'));

  doc.moveDown(0.8);
  doc
    .font(bold)
    .fontSize(13)
    .text(t(lang, 'patrolReports.pdf.observations', { count: report.observationList.length }));
  if (!report.observationList.length)
    doc.font(regular).fontSize(10).text(t(lang, 'patrolReports.noObservations'));

  report.observationList.forEach((o, i) => {
    if (doc.y + 80 > bottom()) doc.addPage();
    doc.moveDown(0.6);
    const top = doc.y;
    doc
      .moveTo(doc.page.margins.left, top - 4)
      .lineTo(doc.page.margins.left + width, top - 4)
      .strokeColor('#ccc')
      .stroke();
    doc
      .font(bold)
      .fontSize(11)
      .fillColor('#111')
      .text(
        `${i + 1}. ${o.plate ?? t(lang, 'patrolReports.noPlate')} — ${when(o.observedAt)}`,
        doc.page.margins.left,
        top,
      );
    line(f('verdict'), verdictText(lang, o));
    line(f('spot'), spotOrPlace(lang, o));
    line(f('notes'), o.notes ?? '');
    line(f('officer'), o.userName !== report.officer.name ? o.userName : '');
    if (!o.photos.length) return;
    doc.moveDown(0.3);
    const left = doc.page.margins.left;
    let x = left;
    let y = doc.y;
    let drawn = false;
    const missing: string[] = [];
    for (const p of o.photos) {
      const bytes = photos.get(p.id);
      if (!bytes) {
        missing.push(p.name);
        continue;
      }
      if (x + PHOTO_BOX[0] > left + width) {
        x = left;
        y += PHOTO_BOX[1] + 8;
      }
      if (y + PHOTO_BOX[1] > bottom()) {
        doc.addPage();
        x = left;
        y = doc.page.margins.top;
      }
      try {
        doc.image(bytes, x, y, { fit: PHOTO_BOX, align: 'center', valign: 'center' });
        x += PHOTO_BOX[0] + 8;
        drawn = true;
      } catch {
        missing.push(p.name); // bytes pdfkit cannot read
      }
    }
    doc.x = left;
    if (drawn) doc.y = y + PHOTO_BOX[1] + 8;
    for (const name of missing)
      doc
        .font(regular)
        .fontSize(9)
        .fillColor('#555')
        .text(t(lang, 'patrolReports.pdf.photoNotEmbedded', { name }), left);
  });

  return {
    body: await pdfBuffer(doc),
    contentType: 'application/pdf',
    disposition: contentDisposition(`patrol-report-${report.id}.pdf`, 'attachment'),
  };
}

/** GET /patrolling-reports/:id/photos/:fileId: a photo of an observation of the report's round, else 404. */
export async function reportPhoto(
  ctx: Scope,
  id: number,
  fileId: number,
  download: boolean,
): Promise<FileAnswer<Readable>> {
  const observationId = await reportPhotoOwner(ctx, id, fileId);
  if (observationId === null) throw new HttpError(404, 'files.notFound');
  return ownedFile(ctx, { entity: OBSERVATION_ENTITY, entityId: observationId }, fileId, download);
}
