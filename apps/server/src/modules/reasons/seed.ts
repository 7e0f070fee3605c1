import type { Tx } from '../../platform/db';
import { fillIfEmpty, fillSeededNames } from '../../platform/db/catalog-table';
import { reasons } from './table';

/** Common reasons for a warning or a tow. */
export const REASONS = [
  { code: 'expired-permit', name: 'Expired permit', names: { es: 'Permiso vencido', zh: '停车证已过期' } },
  {
    code: 'no-permit',
    name: 'No permit displayed',
    names: { es: 'Sin permiso visible', zh: '未展示停车证' },
  },
  {
    code: 'reserved-spot',
    name: 'Parked in a reserved spot',
    names: { es: 'Estacionado en una plaza reservada', zh: '停在预留车位' },
  },
  {
    code: 'fire-lane',
    name: 'Parked in a fire lane',
    names: { es: 'Estacionado en un carril de bomberos', zh: '停在消防通道' },
  },
  {
    code: 'blocking',
    name: 'Blocking a driveway, dumpster or another vehicle',
    names: {
      es: 'Bloquea una entrada, un contenedor de basura u otro vehículo',
      zh: '阻挡车道、垃圾箱或其他车辆',
    },
  },
  {
    code: 'double-parking',
    name: 'Double parking',
    names: { es: 'Estacionado en doble fila', zh: '双排停车' },
  },
  {
    code: 'abandoned-vehicle',
    name: 'Abandoned vehicle',
    names: { es: 'Vehículo abandonado', zh: '废弃车辆' },
  },
  {
    code: 'inoperable-vehicle',
    name: 'Inoperable vehicle',
    names: { es: 'Vehículo que no funciona', zh: '无法行驶的车辆' },
  },
  {
    code: 'handicap-no-placard',
    name: 'Handicap spot without a placard',
    names: { es: 'Plaza para personas con discapacidad sin tarjeta', zh: '无残疾人标识占用无障碍车位' },
  },
  {
    code: 'no-parking-zone',
    name: 'Parked in a no-parking zone',
    names: { es: 'Estacionado en una zona prohibida', zh: '停在禁停区域' },
  },
  {
    code: 'outside-lines',
    name: 'Parked outside the lines of the spot',
    names: { es: 'Estacionado fuera de las líneas de la plaza', zh: '未停在车位线内' },
  },
  {
    code: 'visitor-overstay',
    name: 'Visitor parking time exceeded',
    names: { es: 'Tiempo de estacionamiento de visitante excedido', zh: '访客停车超时' },
  },
  {
    code: 'expired-registration',
    name: 'Expired registration',
    names: { es: 'Registro del vehículo vencido', zh: '车辆登记已过期' },
  },
  {
    code: 'unauthorized-vehicle',
    name: 'Unauthorized vehicle',
    names: { es: 'Vehículo no autorizado', zh: '未经授权的车辆' },
  },
];

export async function seedReasons(tx: Tx): Promise<void> {
  await fillIfEmpty(tx, reasons, REASONS);
  await fillSeededNames(tx, reasons, REASONS);
}
