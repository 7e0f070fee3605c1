import type { CatalogNames } from '@parkade/contract';
import type { Tx } from '../../platform/db';
import { fillIfEmpty, fillSeededNames } from '../../platform/db/catalog-table';
import { states } from './table';

/**
 * The 50 states and the District of Columbia; code = USPS abbreviation; [code, name, Chinese name, Spanish name where
 * it is not the English one].
 */
export const US_STATES: { code: string; name: string; names: CatalogNames }[] = [
  ['AL', 'Alabama', '阿拉巴马州'],
  ['AK', 'Alaska', '阿拉斯加州'],
  ['AZ', 'Arizona', '亚利桑那州'],
  ['AR', 'Arkansas', '阿肯色州'],
  ['CA', 'California', '加利福尼亚州'],
  ['CO', 'Colorado', '科罗拉多州'],
  ['CT', 'Connecticut', '康涅狄格州'],
  ['DE', 'Delaware', '特拉华州'],
  ['DC', 'District of Columbia', '哥伦比亚特区', 'Distrito de Columbia'],
  ['FL', 'Florida', '佛罗里达州'],
  ['GA', 'Georgia', '佐治亚州'],
  ['HI', 'Hawaii', '夏威夷州', 'Hawái'],
  ['ID', 'Idaho', '爱达荷州'],
  ['IL', 'Illinois', '伊利诺伊州'],
  ['IN', 'Indiana', '印第安纳州'],
  ['IA', 'Iowa', '艾奥瓦州'],
  ['KS', 'Kansas', '堪萨斯州'],
  ['KY', 'Kentucky', '肯塔基州'],
  ['LA', 'Louisiana', '路易斯安那州', 'Luisiana'],
  ['ME', 'Maine', '缅因州'],
  ['MD', 'Maryland', '马里兰州'],
  ['MA', 'Massachusetts', '马萨诸塞州'],
  ['MI', 'Michigan', '密歇根州', 'Míchigan'],
  ['MN', 'Minnesota', '明尼苏达州'],
  ['MS', 'Mississippi', '密西西比州', 'Misisipi'],
  ['MO', 'Missouri', '密苏里州', 'Misuri'],
  ['MT', 'Montana', '蒙大拿州'],
  ['NE', 'Nebraska', '内布拉斯加州'],
  ['NV', 'Nevada', '内华达州'],
  ['NH', 'New Hampshire', '新罕布什尔州', 'Nuevo Hampshire'],
  ['NJ', 'New Jersey', '新泽西州', 'Nueva Jersey'],
  ['NM', 'New Mexico', '新墨西哥州', 'Nuevo México'],
  ['NY', 'New York', '纽约州', 'Nueva York'],
  ['NC', 'North Carolina', '北卡罗来纳州', 'Carolina del Norte'],
  ['ND', 'North Dakota', '北达科他州', 'Dakota del Norte'],
  ['OH', 'Ohio', '俄亥俄州'],
  ['OK', 'Oklahoma', '俄克拉何马州'],
  ['OR', 'Oregon', '俄勒冈州', 'Oregón'],
  ['PA', 'Pennsylvania', '宾夕法尼亚州', 'Pensilvania'],
  ['RI', 'Rhode Island', '罗得岛州'],
  ['SC', 'South Carolina', '南卡罗来纳州', 'Carolina del Sur'],
  ['SD', 'South Dakota', '南达科他州', 'Dakota del Sur'],
  ['TN', 'Tennessee', '田纳西州'],
  ['TX', 'Texas', '得克萨斯州'],
  ['UT', 'Utah', '犹他州'],
  ['VT', 'Vermont', '佛蒙特州'],
  ['VA', 'Virginia', '弗吉尼亚州'],
  ['WA', 'Washington', '华盛顿州'],
  ['WV', 'West Virginia', '西弗吉尼亚州', 'Virginia Occidental'],
  ['WI', 'Wisconsin', '威斯康星州'],
  ['WY', 'Wyoming', '怀俄明州'],
].map(([code, name, zh, es]) => ({ code: code!, name: name!, names: { ...(es ? { es } : {}), zh: zh! } }));

export async function seedStates(tx: Tx): Promise<void> {
  await fillIfEmpty(tx, states, US_STATES);
  await fillSeededNames(tx, states, US_STATES);
}
