import { eq } from 'drizzle-orm';
import { streamToBuffer } from '../../platform/pdf';
import type { Scope } from '../../platform/scope';
import { files } from '../files/table';
import { properties } from './table';

/** The property's logo when it is a PNG or JPEG (what a PDF can embed): its bytes and type, else null. */
export async function propertyLogoImage(ctx: Scope): Promise<{ bytes: Buffer; mimeType: string } | null> {
  const [p] = await ctx.tx
    .select({ logoFileId: properties.logoFileId })
    .from(properties)
    .where(eq(properties.id, ctx.propertyId));
  if (!p?.logoFileId) return null;
  const [f] = await ctx.tx.select().from(files).where(eq(files.id, p.logoFileId));
  if (!f || !['image/png', 'image/jpeg'].includes(f.mimeType)) return null;
  if (!(await ctx.services.storage.exists(f.storageKey))) return null;
  return { bytes: await streamToBuffer(ctx.services.storage.read(f.storageKey)), mimeType: f.mimeType };
}

/** The property's logo bytes when it is a PNG or JPEG, else null. */
export const propertyLogo = async (ctx: Scope): Promise<Buffer | null> =>
  (await propertyLogoImage(ctx))?.bytes ?? null;
