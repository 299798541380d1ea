import { Flex, Input, type InputRef } from 'antd';
import { useRef } from 'react';
import { insertAt } from '../block-model.ts';
import { FieldInsert } from './field-insert.tsx';

interface Props {
  /** Set by the form item, so its label names the input. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  maxLength?: number;
  testId: string;
}

/** A one-line input (the subject) with a personalisation-field menu that inserts at the cursor. */
export function InputWithFields({ id, value = '', onChange, maxLength, testId }: Props) {
  const ref = useRef<InputRef>(null);
  const insert = (token: string) => {
    const el = ref.current?.input;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = insertAt(value, start, end, token);
    onChange?.(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  return (
    <Flex gap={8}>
      <Input id={id} ref={ref} value={value} maxLength={maxLength} onChange={(e) => onChange?.(e.target.value)} data-testid={testId} />
      <FieldInsert onInsert={insert} testId={`${testId}-field-insert`} />
    </Flex>
  );
}
