import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, LockOutlined } from '@ant-design/icons';
import type { EmailDoc } from '@storecast/contract';
import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { canMove } from '../block-model.ts';
import { blockIssues } from './block-fields.tsx';

interface Props {
  doc: EmailDoc;
  selected: string | null;
  onSelect: (id: string) => void;
  onMove: (id: string, dir: -1 | 1) => void;
  onRemove: (id: string) => void;
}

/** The e-mail's blocks in order; select one to edit it, move it, or remove it (not the footer). */
export function BlockList({ doc, selected, onSelect, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} data-testid="block-list">
      {doc.blocks.map((b, i) => {
        const active = b.id === selected;
        const invalid = Object.keys(blockIssues(b)).length > 0;
        return (
          <Flex
            key={b.id}
            align="center"
            justify="space-between"
            onClick={() => onSelect(b.id)}
            data-testid={`block-${i}`}
            data-type={b.type}
            data-selected={active}
            style={{
              padding: '6px 10px', borderRadius: 6, cursor: 'pointer', background: '#fff',
              border: `1px solid ${invalid ? '#ff4d4f' : active ? '#1677ff' : '#f0f0f0'}`,
            }}
          >
            <Typography.Text strong={active}>
              {b.type === 'footer' && <LockOutlined style={{ marginRight: 6 }} />}
              {t(`segmentSend.block.${b.type}`)}
            </Typography.Text>
            {b.type !== 'footer' && (
              <Space size={0} onClick={(e) => e.stopPropagation()}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={!canMove(doc, b.id, -1)} onClick={() => onMove(b.id, -1)}
                  aria-label={t('segmentSend.content.moveUp')} data-testid="block-up" />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={!canMove(doc, b.id, 1)} onClick={() => onMove(b.id, 1)}
                  aria-label={t('segmentSend.content.moveDown')} data-testid="block-down" />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onRemove(b.id)}
                  aria-label={t('segmentSend.content.remove')} data-testid="block-remove" />
              </Space>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
