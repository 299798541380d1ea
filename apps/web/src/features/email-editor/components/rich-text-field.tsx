import { BoldOutlined, ItalicOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { insertAt, linkTag, wrapSelection } from '../block-model.ts';
import { FieldInsert } from './field-insert.tsx';

/**
 * The text block's editor: a textarea of allow-listed HTML (the renderer sanitises it again)
 * with buttons that wrap the selection in bold, italic or a link, and the field menu.
 */
export function RichTextField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const ref = useRef<TextAreaRef>(null);
  const area = () => ref.current?.resizableTextArea?.textArea;
  const selection = () => {
    const el = area();
    return { start: el?.selectionStart ?? value.length, end: el?.selectionEnd ?? value.length };
  };
  const apply = (next: { text: string; cursor: number }) => {
    onChange(next.text);
    requestAnimationFrame(() => {
      const el = area();
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  const wrap = (open: string, close: string) => {
    const { start, end } = selection();
    apply(wrapSelection(value, start, end, open, close));
  };
  const link = () => {
    const href = window.prompt(t('emailEditor.blockFields.linkPrompt'), 'https://');
    if (href) wrap(linkTag(href), '</a>');
  };
  return (
    <Flex vertical gap={8}>
      <Space size={4}>
        <Button size="small" icon={<BoldOutlined />} onClick={() => wrap('<strong>', '</strong>')} aria-label={t('emailEditor.blockFields.bold')} data-testid="text-bold" />
        <Button size="small" icon={<ItalicOutlined />} onClick={() => wrap('<em>', '</em>')} aria-label={t('emailEditor.blockFields.italic')} data-testid="text-italic" />
        <Button size="small" icon={<LinkOutlined />} onClick={link} aria-label={t('emailEditor.blockFields.link')} data-testid="text-link" />
        <FieldInsert testId="text-field-insert" onInsert={(token) => { const { start, end } = selection(); apply(insertAt(value, start, end, token)); }} />
      </Space>
      <Input.TextArea ref={ref} value={value} onChange={(e) => onChange(e.target.value)} autoSize={{ minRows: 5, maxRows: 14 }} data-testid="block-html" />
    </Flex>
  );
}
