import { catalogListQuery } from './catalog';

/**
 * Request types (issue 38 §2, decision 0049): what a request asks for, a catalog central staff keep like the others.
 * The system types have stable ids (DESIGN §1) — code relies on type 1, the one a permit asked for on /my/permits is
 * linked as — are seeded on every installation, may be renamed, and cannot be deleted. Types added by users get ids
 * from 100 up.
 */
export const SYSTEM_REQUEST_TYPES = [
  {
    id: 1,
    code: 'permit',
    name: 'Permit: new or change',
    names: { es: 'Permiso: nuevo o cambio', zh: '停车证：新办或变更' },
  },
  {
    id: 2,
    code: 'spot',
    name: 'Spot or reservation change',
    names: { es: 'Cambio de plaza o reserva', zh: '车位或预约变更' },
  },
  {
    id: 3,
    code: 'visitor-limit',
    name: 'Visitor limit exception',
    names: { es: 'Excepción al límite de visitantes', zh: '访客上限例外' },
  },
  { id: 4, code: 'document', name: 'A document', names: { es: 'Un documento', zh: '文件' } },
  { id: 5, code: 'question', name: 'A question', names: { es: 'Una pregunta', zh: '咨询' } },
  { id: 6, code: 'other', name: 'Something else', names: { es: 'Otro asunto', zh: '其他' } },
] as const;
/** The type of a permit asked for on /my/permits (its linked request, decision 0049). */
export const PERMIT_REQUEST_TYPE_ID = 1;
/** Ids below this are reserved for system types. */
export const FIRST_USER_REQUEST_TYPE_ID = 100;
export const requestTypesListQuery = catalogListQuery();
