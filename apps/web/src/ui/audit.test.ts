import { describe, expect, it } from 'vitest';
import i18n from '../platform/i18n';
import { actionLabel, attributeLabel, formatAuditValue } from './audit';

/** Issue 36 §9: the audit log speaks the reader's language, never its attributes' names. */
describe('the audit log’s words', () => {
  const es = i18n.getFixedT('es');
  const zh = i18n.getFixedT('zh');

  it('labels the attributes the issue found raw, and the actions, in Spanish and Chinese', () => {
    expect(attributeLabel(es, 'placedById')).toBe('Colocado por (ID de usuario)');
    expect(attributeLabel(es, 'radiusMeters')).toBe('Distancia de registro de patrulla (metros)');
    expect(attributeLabel(zh, 'sha256')).toBe('文件指纹（SHA-256）');
    expect(actionLabel(es, 'place')).toBe('Aviso colocado');
    expect(actionLabel(zh, 'check-in')).toBe('已签到');
  });

  it('shows a group of values part by part, each by its label; a key that is data stays as it is', () => {
    expect(formatAuditValue({ towGraceHours: 12, contactPhone: null }, es, { intlLocale: 'es-ES' })).toBe(
      'Horas entre aviso y remolque: 12; Teléfono de la oficina en los permisos: —',
    );
    expect(formatAuditValue({ Springfield: ['62701'] }, es, { intlLocale: 'es-ES' })).toBe('Springfield: 62701');
    expect(formatAuditValue({}, es, { intlLocale: 'es-ES' })).toBe(es('form.empty'));
  });
});
