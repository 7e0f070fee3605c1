/**
 * The document bench's input (bench/documents.ts): a permit agreement as a manager would write it — the shipped
 * default's opening, then headings, paragraphs with bold, italic and underlined runs and variables, a numbered and a
 * bulleted list, a 4-column table of 15 rows, as many further paragraphs as fill the pages asked for, and the
 * signature's place — in English or Chinese, with a generated PNG logo and a drawn PNG signature. No database.
 */
import zlib from 'node:zlib';
import type { DocBlock, DocInline, DocumentText } from '@parkade/contract';
import { defaultLayout, defaultText } from '../apps/server/src/modules/documents/defaults';
import type { DrawInput } from '../apps/server/src/modules/documents/pdf';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG of width × height whose pixels `paint` gives (filter 0 on every row). */
export function rgbaPng(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (width * 4 + 1) + 1 + x * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 600×200 logo on a transparent ground, as logos usually are: a coloured badge and three bars of "lettering". */
export const LOGO_PNG = rgbaPng(600, 200, (x, y) => {
  const badge = (x - 100) ** 2 + (y - 100) ** 2 < 80 ** 2;
  if (badge) return [20 + Math.round(x / 3), 80, 160 + Math.round(y / 4), 255];
  const bar = x > 210 && x < 580 && [40, 95, 150].some((top) => y > top && y < top + 28) && x % 47 < 40;
  return bar ? [30, 40, 60, 255] : [0, 0, 0, 0];
});

/** An 800×240 drawn signature, as the signature pad's canvas exports it: a dark stroke on a transparent ground. */
export const SIGNATURE_PNG = rgbaPng(800, 240, (x, y) => {
  const curve = 120 + 70 * Math.sin(x / 45) * Math.cos(x / 170);
  return Math.abs(y - curve) < 2.5 && x > 40 && x < 760 ? [15, 20, 70, 255] : [0, 0, 0, 0];
});

type Marked = string | [string, ...('bold' | 'italic' | 'underline')[]];
const runs = (...parts: Marked[]): DocInline[] =>
  parts.map((p) =>
    typeof p === 'string'
      ? { type: 'text', text: p }
      : { type: 'text', text: p[0], marks: p.slice(1).map((m) => ({ type: m as 'bold' })) },
  );
const para = (...parts: Marked[]): DocBlock => ({ type: 'paragraph', content: runs(...parts) });
const heading = (level: 1 | 2 | 3, text: string): DocBlock => ({
  type: 'heading',
  attrs: { level },
  content: runs(text),
});
const list = (type: 'bulletList' | 'orderedList', items: Marked[][]): DocBlock => ({
  type,
  content: items.map((i) => ({ type: 'listItem', content: [para(...i)] })),
});
const cell = (type: 'tableHeader' | 'tableCell', text: string) => ({ type, content: [para(text)] });

interface Texts {
  lead: Marked[];
  rules: Marked[][];
  notes: Marked[][];
  table: { title: string; head: [string, string, string, string]; row: (i: number) => string[] };
  section: (n: number) => string;
  fillers: Marked[][];
}

const TEXTS: Record<'en' | 'zh', Texts> = {
  en: {
    lead: [
      'This agreement between ',
      ['{{propertyName}}', 'bold'],
      ' and ',
      ['{{residentName}}', 'bold'],
      ' covers permit ',
      ['{{permitCode}}', 'underline'],
      ' for the ',
      ['{{vehicle}}', 'italic'],
      ' with plate ',
      ['{{plate}}', 'bold'],
      ', from {{startDate}} to {{endDate}}.',
    ],
    rules: [
      ['Display the permit on the ', ['lower left corner', 'bold'], ' of the windshield at all times.'],
      ['A permit is valid only for ', ['{{plate}}', 'underline'], '; it cannot be moved to another vehicle.'],
      ['Tell the office within ', ['five days', 'italic'], ' when you sell or replace the vehicle.'],
      ['Visitors register online; their permits are valid for {{visitorValidity}}.'],
      ['Vehicles left over ', ['{{towGraceHours}} hours', 'bold'], ' after a warning may be towed.'],
      ['Repairs, oil changes and car washing are not allowed in the garage.'],
    ],
    notes: [
      [['Speed limit', 'bold'], ': 5 mph in every lane of the garage.'],
      ['Motorcycles park in the marked motorcycle bays only.'],
      ['Electric vehicle chargers are for ', ['charging', 'italic'], ', not for storage.'],
      ['Report a damaged gate or a burned-out light to the office at {{propertyAddress}}.'],
      ['Keep your contact details current: {{residentEmail}}.'],
    ],
    table: {
      title: 'Assigned spots and monthly fees',
      head: ['Spot', 'Level', 'Monthly fee', 'Notes'],
      row: (i) => [
        `P-${100 + i}`,
        `Level ${1 + (i % 3)}`,
        `$${(45 + 5 * (i % 4)).toFixed(2)}`,
        ['Covered', 'Compact only', 'EV charger', 'Near elevator'][i % 4]!,
      ],
    },
    section: (n) => `Section ${n}: terms of use`,
    fillers: [
      [
        'The resident of unit {{unit}} in {{building}} may register up to ',
        ['{{vehiclesAllowed}} vehicles', 'bold'],
        ' and change the vehicle of a permit {{changesAllowed}} times a year. The management reviews every request ' +
          'within two business days and answers by email.',
      ],
      [
        'Parking spots are assigned for the exclusive use of the resident and ',
        ['may not be rented, lent or sold', 'underline'],
        '. A spot left unused for more than sixty days may be reassigned after a written notice to the resident.',
      ],
      [
        ['Guests', 'italic'],
        ' park only in the visitor area near the main entrance, with a visitor permit the resident requests for ' +
          'them. Guest vehicles in resident spots are treated as vehicles without a permit.',
      ],
      [
        'The property is not responsible for loss of or damage to vehicles or their contents. ',
        ['Lock your vehicle', 'bold'],
        ' and leave no valuables in sight; report any incident to the office and, where needed, to the police.',
      ],
    ],
  },
  zh: {
    lead: [
      '本协议由 ',
      ['{{propertyName}}', 'bold'],
      ' 与 ',
      ['{{residentName}}', 'bold'],
      ' 订立，适用于停车证 ',
      ['{{permitCode}}', 'underline'],
      '，车辆为 ',
      ['{{vehicle}}', 'italic'],
      '，车牌号 ',
      ['{{plate}}', 'bold'],
      '，有效期自 {{startDate}} 至 {{endDate}}。',
    ],
    rules: [
      ['停车证须始终放置在挡风玻璃的', ['左下角', 'bold'], '。'],
      ['停车证仅对 ', ['{{plate}}', 'underline'], ' 有效，不得转用于其他车辆。'],
      ['出售或更换车辆后，请在', ['五天内', 'italic'], '通知管理处。'],
      ['访客须在网上登记，访客停车证有效期为 {{visitorValidity}}。'],
      ['收到警告后超过 ', ['{{towGraceHours}} 小时', 'bold'], ' 仍未移走的车辆可能被拖走。'],
      ['车库内禁止修车、换机油和洗车。'],
    ],
    notes: [
      [['限速', 'bold'], '：车库内所有车道限速每小时五英里。'],
      ['摩托车只能停放在标明的摩托车位。'],
      ['电动车充电桩仅供', ['充电', 'italic'], '使用，不得长期占用。'],
      ['如发现闸门损坏或灯光故障，请向位于 {{propertyAddress}} 的管理处报告。'],
      ['请及时更新您的联系方式：{{residentEmail}}。'],
    ],
    table: {
      title: '分配车位及月费',
      head: ['车位', '楼层', '月费', '备注'],
      row: (i) => [
        `P-${100 + i}`,
        `第 ${1 + (i % 3)} 层`,
        `$${(45 + 5 * (i % 4)).toFixed(2)}`,
        ['有顶棚', '仅限小型车', '电动车充电桩', '靠近电梯'][i % 4]!,
      ],
    },
    section: (n) => `第 ${n} 节：使用条款`,
    fillers: [
      [
        '{{building}} {{unit}} 的住户最多可登记 ',
        ['{{vehiclesAllowed}} 辆车', 'bold'],
        '，每张停车证每年可换车 {{changesAllowed}} 次。管理处将在两个工作日内审核每项申请，并通过电子邮件答复。',
      ],
      [
        '车位分配给住户专用，',
        ['不得出租、出借或出售', 'underline'],
        '。连续六十天以上未使用的车位，在书面通知住户后可重新分配。',
      ],
      [
        ['访客', 'italic'],
        '只能停放在正门附近的访客区，并须持有住户为其申请的访客停车证。停放在住户车位的访客车辆将按无证车辆处理。',
      ],
      [
        '物业对车辆或车内物品的丢失或损坏不承担责任。',
        ['请锁好车门', 'bold'],
        '，车内不要放置显眼的贵重物品；如发生任何事故，请报告管理处，必要时报警。',
      ],
    ],
  },
};

/** Every variable's value (a value is written as typed). */
const VALUES: Record<'en' | 'zh', Record<string, string>> = {
  en: {
    residentName: 'Maria Lopez',
    residentEmail: 'maria.lopez@example.com',
    unit: '4B',
    building: 'North Tower',
    propertyName: 'Harbor View Residences',
    propertyAddress: '1200 Harbor Blvd, Long Beach, CA 90802',
    today: 'May 4, 2026',
    vehiclesAllowed: '2',
    changesAllowed: '3',
    visitorValidity: '24 hours',
    towGraceHours: '48',
    permitCode: 'HV-2026-0142',
    plate: '8ABC123',
    vehicle: 'Toyota Corolla, grey',
    startDate: 'May 4, 2026',
    endDate: 'May 3, 2027',
  },
  zh: {
    residentName: '王小明',
    residentEmail: 'xiaoming.wang@example.com',
    unit: '4B',
    building: '北楼',
    propertyName: '海景公寓',
    propertyAddress: '1200 Harbor Blvd, Long Beach, CA 90802',
    today: '2026年5月4日',
    vehiclesAllowed: '2',
    changesAllowed: '3',
    visitorValidity: '24 小时',
    towGraceHours: '48',
    permitCode: 'HV-2026-0142',
    plate: '8ABC123',
    vehicle: '丰田 卡罗拉，灰色',
    startDate: '2026年5月4日',
    endDate: '2027年5月3日',
  },
};

const SIGNED = {
  en: { line: 'Signed on May 4, 2026', who: 'Maria Lopez · maria.lopez@example.com' },
  zh: { line: '签署于 2026年5月4日', who: '王小明 · xiaoming.wang@example.com' },
};

/**
 * The permit agreement in `lang` with `fillers` further paragraphs (a heading 3 before every third), signed: the
 * caller picks the number of paragraphs that fills the pages it wants.
 */
export function agreementInput(lang: 'en' | 'zh', fillers: number): DrawInput {
  const s = TEXTS[lang];
  const shipped = defaultText('permit-agreement', lang);
  const table: DocBlock = {
    type: 'table',
    content: [
      { type: 'tableRow', content: s.table.head.map((h) => cell('tableHeader', h)) },
      ...Array.from({ length: 15 }, (_, i) => ({
        type: 'tableRow' as const,
        content: s.table.row(i).map((c) => cell('tableCell', c)),
      })),
    ],
  };
  const more: DocBlock[] = [];
  for (let i = 0; i < fillers; i++) {
    if (i % 3 === 0) more.push(heading(3, s.section(i / 3 + 1)));
    more.push(para(...s.fillers[i % s.fillers.length]!));
  }
  const text: DocumentText = {
    header: shipped.header,
    body: {
      type: 'doc',
      content: [
        para(...s.lead),
        ...shipped.body.content,
        heading(2, s.section(0)),
        list('orderedList', s.rules),
        list('bulletList', s.notes),
        heading(2, s.table.title),
        table,
        ...more,
        para('{{signature}}'),
      ],
    },
    footer: { type: 'doc', content: [para('{{propertyName}} · {{propertyAddress}}')] },
  };
  return {
    lang,
    text,
    layout: defaultLayout(),
    values: VALUES[lang],
    logo: LOGO_PNG,
    signature: { image: SIGNATURE_PNG, ...SIGNED[lang] },
    createdAt: new Date('2026-05-04T15:30:00Z'),
    title: lang === 'zh' ? '停车证协议' : 'Parking permit agreement',
  };
}

/** The pages of a PDF pdfkit wrote (its page objects: `/Type /Page`, not `/Pages`). */
export const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
