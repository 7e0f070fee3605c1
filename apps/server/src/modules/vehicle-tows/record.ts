import { PERMIT_DISPLAY, VISITOR_STATUS_DISPLAY, type VehicleTowItem } from '@parkade/contract';
import type { FileAnswer } from '../../platform/file-answer';
import { t } from '../../platform/i18n';
import { newPdf, pdfBuffer, streamToBuffer, type PdfDoc } from '../../platform/pdf';
import type { Scope } from '../../platform/scope';
import { contentDisposition, findFile } from '../files/service';
import { datesFor } from '../properties/dates';
import { propertyLogo } from '../properties/logo';
import { getVehicleTow } from './service';

/** Images pdfkit embeds; other photos (WebP) are named with a line instead. */
const EMBEDDABLE = new Set(['image/png', 'image/jpeg']);

/**
 * GET /vehicle-tows/:id/record.pdf: the printable TOW RECORD, in the caller's language and the property's time
 * zone, fit to show the vehicle's owner: the property, the plate, the vehicle as the lookup found it at
 * authorisation, the warning (type, reason, who asked, approved and placed it, when), where (spot or place, the
 * check-in's position), the authorisation (who, when, from when the car could be towed), the status, and the
 * photos the tow rests on, embedded.
 */
export async function towRecordPdf(ctx: Scope, id: number): Promise<FileAnswer> {
  const tow = await getVehicleTow(ctx, id);
  const { doc, bold, regular, lang } = newPdf(ctx.lang);
  const tr = (key: string, params?: Record<string, string | number>) => t(lang, key, params);
  // Paper is read anywhere and later: every time names the property's zone (decision 0039 §12).
  const dates = await datesFor(ctx, { lang, document: true });
  const when = (s: string | null | undefined) => (s ? dates.instant(s) : '—');
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const logo = await propertyLogo(ctx);
  if (logo) {
    try {
      doc.image(logo, doc.page.margins.left, doc.y, { fit: [140, 50] });
      doc.moveDown(3.5);
    } catch {
      // an unreadable logo is left out
    }
  }
  doc
    .font(regular)
    .fontSize(12)
    .fillColor('#444')
    .text(ctx.property?.name ?? '');
  doc
    .font(bold)
    .fontSize(24)
    .fillColor('#111')
    .text(tr('vehicleTows.record.title', { id: tow.id }));
  doc.moveDown(0.3);
  doc.font(regular).fontSize(11).fillColor('#444').text(tr('vehicleTows.plate'));
  doc.font(bold).fontSize(30).fillColor('#111').text(tow.plate);
  doc
    .font(bold)
    .fontSize(13)
    .text(`${tr('vehicleTows.statusLabel')}: ${tr(`vehicleTows.status.${tow.status}`)}`);

  /** A section's title, on a new page when less than `room` points are left under it. */
  const section = (title: string, room = 80) => {
    if (doc.y > bottom() - room) doc.addPage();
    doc.moveDown(0.8);
    doc.font(bold).fontSize(14).fillColor('#111').text(title);
    doc
      .moveTo(doc.page.margins.left, doc.y + 2)
      .lineTo(doc.page.margins.left + width, doc.y + 2)
      .strokeColor('#999')
      .stroke();
    doc.moveDown(0.4);
  };
  const line = (label: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    doc.font(bold).fontSize(11).fillColor('#111').text(`${label}: `, { continued: true, width });
    doc.font(regular).text(value, { width });
  };
  const by = (who: VehicleTowItem['authorizedBy'], at: string | null | undefined) =>
    who || at ? tr('vehicleTows.record.byAt', { name: who?.name ?? '—', at: when(at) }) : null;

  // The vehicle as the lookup found it when the tow was authorised.
  section(tr('vehicleTows.record.vehicle'));
  const match = tow.lookup?.matches.find((m) => m.match === 'exact');
  if (match) {
    line(tr('vehicleTows.record.verdict'), tr(`lookup.verdict.${match.verdict}`));
    if (match.vehicle)
      line(
        tr('vehicleTows.record.description'),
        [match.vehicle.make, match.vehicle.model, match.vehicle.color].filter(Boolean).join(' · ') || '—',
      );
    if (match.permit)
      line(
        tr('vehicleTows.record.permit'),
        `${match.permit.code} (${tr(PERMIT_DISPLAY[match.permit.status])})`,
      );
    if (match.visitor)
      line(
        tr('vehicleTows.record.visitor'),
        `${match.visitor.code} (${tr(VISITOR_STATUS_DISPLAY[match.visitor.status])})`,
      );
    if (match.ban)
      line(
        tr('lookup.ban'),
        tr('lookup.banSince', { reason: match.ban.reason, since: dates.day(match.ban.since) }),
      );
  } else doc.font(regular).fontSize(11).text(tr('vehicleTows.record.notRegistered'), { width });
  if (tow.lookup) line(tr('vehicleTows.record.lookedUpAt'), when(tow.lookup.checkedAt));

  const w = tow.warning!;
  section(tr('vehicleTows.record.warning', { id: w.id }));
  line(tr('permitWarnings.warningType'), w.warningName);
  line(tr('permitWarnings.reason'), w.reasonName);
  line(tr('permitWarnings.note'), w.note);
  line(tr('vehicleTows.record.requested'), by(w.requestedBy, w.requestedAt));
  line(tr('vehicleTows.record.approved'), by(w.decidedBy, w.decidedAt));
  line(tr('vehicleTows.record.placed'), by(w.placedBy, w.placedAt));

  section(tr('vehicleTows.record.where'));
  line(tr('permitWarnings.spot'), w.observation.spotNumber);
  line(tr('permitWarnings.place'), w.observation.place);
  line(
    tr('vehicleTows.record.observed'),
    by({ id: null, name: w.observation.officer }, w.observation.observedAt),
  );
  line(tr('permitWarnings.notes'), w.observation.notes);
  if (w.checkIn) {
    const position =
      w.checkIn.latitude !== null && w.checkIn.longitude !== null
        ? `${w.checkIn.latitude.toFixed(6)}, ${w.checkIn.longitude.toFixed(6)}`
        : tr('vehicleTows.record.noPosition');
    const distance =
      w.checkIn.distanceMeters !== null
        ? ` · ${tr('vehicleTows.record.distance', { meters: w.checkIn.distanceMeters })}`
        : '';
    line(
      tr('vehicleTows.record.checkIn'),
      `${position} (${tr(`permitWarnings.location.${w.checkIn.locationStatus}`)}${distance}) · ${when(w.checkIn.checkedInAt)}`,
    );
  }

  section(tr('vehicleTows.record.tow'));
  line(tr('vehicleTows.company'), tow.towName);
  line(tr('vehicleTows.record.authorized'), by(tow.authorizedBy, tow.towAuthorizationDate));
  line(tr('vehicleTows.readyToTowAt'), when(tow.readyToTowAt));
  line(tr('vehicleTows.note'), tow.note);
  if (tow.closedAt) line(tr(`vehicleTows.record.closed.${tow.status}`), by(tow.closedBy, tow.closedAt));
  line(tr('vehicleTows.closeNote'), tow.closeNote);

  section(tr('vehicleTows.record.photos', { n: tow.photos?.length ?? 0 }), 340);
  for (const photo of tow.photos ?? []) {
    const caption = `${tr(`vehicleTows.record.photoSource.${photo.source}`)} · ${when(photo.takenAt)} · ${photo.name}`;
    const file = await findFile(ctx, photo.id);
    const { storage } = ctx.services;
    if (!EMBEDDABLE.has(file.mimeType) || !(await storage.exists(file.storageKey))) {
      line(tr('vehicleTows.record.photoNotEmbedded'), caption);
      continue;
    }
    const bytes = await streamToBuffer(storage.read(file.storageKey));
    const box: [number, number] = [Math.min(width, 360), 270];
    if (doc.y + box[1] + 30 > bottom()) doc.addPage();
    try {
      const top = doc.y;
      doc.image(bytes, doc.page.margins.left, top, { fit: box });
      doc.y = top + box[1] + 4;
    } catch {
      line(tr('vehicleTows.record.photoNotEmbedded'), caption);
      continue;
    }
    doc.font(regular).fontSize(9).fillColor('#444').text(caption, { width });
    doc.moveDown(0.6);
  }

  doc.moveDown(1);
  doc
    .font(regular)
    .fontSize(9)
    .fillColor('#666')
    .text(tr('vehicleTows.record.printed', { at: when(new Date().toISOString()) }), { width });
  return pdfAnswer(doc, `tow-record-${tow.id}-${tow.plateNormalized}.pdf`);
}

async function pdfAnswer(doc: PdfDoc, name: string): Promise<FileAnswer> {
  return {
    body: await pdfBuffer(doc),
    contentType: 'application/pdf',
    disposition: contentDisposition(name, 'inline'),
  };
}
