/** The form fields: one file per kind of field; the form mode, read-only display and error text in shared.tsx. */
export { ChipList, ChipsEditor, ChipsInput } from './ChipsInput';
export { DateInput } from './DateInput';
export { DateTimeInput } from './DateTimeInput';
export { FieldGrid, FullRow, useDependentField } from './layout';
export { MultiRecordPicker } from './MultiRecordPicker';
export { NumberInput } from './NumberInput';
export { PhoneInput } from './PhoneInput';
export { RecordInput } from './RecordInput';
export { RecordPicker, type RecordOption, type RecordRow } from './RecordPicker';
export { SelectInput, type SelectOption } from './SelectInput';
export { FormModeProvider, ReadOnlyField, useFormMode, type BaseFieldProps, type PageMode } from './shared';
export { SwitchInput } from './SwitchInput';
export { TextInput } from './TextInput';
