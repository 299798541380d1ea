import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, LockOutlined } from '@ant-design/icons';
import type { EmailDoc } from '@storecast/contract';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canMove, dropIndex, footerIndex } from '../block-model.ts';
import { blockIssues } from './block-fields.tsx';

interface Props {
  doc: EmailDoc;
  selected: string | null;
  onSelect: (id: string) => void;
  onMove: (id: string, dir: -1 | 1) => void;
  /** A drop: the block should end up at `index` (block-model's moveBlockTo). */
  onMoveTo: (id: string, index: number) => void;
  onRemove: (id: string) => void;
  /** An Element Send's e-mail: the shopper's product block is allowed (see blockIssues). */
  allowMatchedProduct?: boolean;
}

const rowOf = (el: EventTarget | null) => (el instanceof Element ? el.closest<HTMLElement>('[data-block-index]') : null);

/**
 * The e-mail's blocks in order; select one to edit it, move it (drag its handle, or the up and
 * down buttons for the keyboard), or remove it. The footer has no handle and takes no drop below
 * itself, so a dragged block always lands above it.
 */
export function BlockList({ doc, selected, onSelect, onMove, onMoveTo, onRemove, allowMatchedProduct = false }: Props) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<string | null>(null);
  // The gap a drop would go into: gap g is just above the block at position g.
  const [gap, setGap] = useState<number | null>(null);
  const footerAt = footerIndex(doc) < 0 ? doc.blocks.length : footerIndex(doc);
  const from = dragging ? doc.blocks.findIndex((b) => b.id === dragging) : -1;
  // The two gaps around the dragged block would leave it where it is, so they show nothing.
  const target = gap !== null && from >= 0 && gap !== from && gap !== from + 1 ? gap : null;

  const endDrag = () => {
    setDragging(null);
    setGap(null);
  };

  const onDragOver = (e: DragEvent<HTMLElement>) => {
    // Only our own blocks are dropped here, never files or text from elsewhere.
    if (!dragging) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const row = rowOf(e.target);
    // Between rows (the flex gap) the last gap stays, so the indicator does not flicker.
    if (!row) return;
    const box = row.getBoundingClientRect();
    const i = Number(row.dataset.blockIndex);
    const next = Math.min(e.clientY < box.top + box.height / 2 ? i : i + 1, footerAt);
    if (next !== gap) setGap(next);
  };

  const onDrop = (e: DragEvent<HTMLElement>) => {
    if (!dragging) return;
    e.preventDefault();
    if (target !== null) onMoveTo(dragging, dropIndex(doc, dragging, target));
    endDrag();
  };

  return (
    <Flex
      vertical
      gap={6}
      data-testid="block-list"
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setGap(null);
      }}
    >
      {doc.blocks.map((b, i) => {
        const active = b.id === selected;
        const invalid = Object.keys(blockIssues(b, { allowMatchedProduct })).length > 0;
        return (
          <Flex
            key={b.id}
            align="center"
            justify="space-between"
            onClick={() => onSelect(b.id)}
            data-testid={`block-${i}`}
            data-type={b.type}
            data-selected={active}
            data-block-index={i}
            style={{
              position: 'relative', padding: '6px 10px', borderRadius: 6, cursor: 'pointer', background: '#fff',
              border: `1px solid ${invalid ? '#ff4d4f' : active ? '#1677ff' : '#f0f0f0'}`,
              opacity: b.id === dragging ? 0.5 : 1,
            }}
          >
            {target === i && (
              <div
                data-testid="block-drop-indicator"
                style={{ position: 'absolute', left: -1, right: -1, top: -5, height: 2, borderRadius: 1, background: '#1677ff', pointerEvents: 'none' }}
              />
            )}
            <Typography.Text strong={active}>
              {b.type === 'footer' ? (
                <LockOutlined style={{ marginRight: 6 }} />
              ) : (
                <Tooltip title={t('emailEditor.editor.dragHandle')} open={dragging ? false : undefined}>
                  <HolderOutlined
                    draggable
                    aria-label={t('emailEditor.editor.dragHandle')}
                    data-testid="block-drag"
                    style={{ marginRight: 6, padding: '4px 2px', cursor: 'grab', color: '#8c8c8c' }}
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      // Some browsers only start a drag that carries data.
                      e.dataTransfer.setData('text/plain', b.id);
                      const row = rowOf(e.currentTarget);
                      if (row) {
                        const box = row.getBoundingClientRect();
                        e.dataTransfer.setDragImage(row, e.clientX - box.left, e.clientY - box.top);
                      }
                      setDragging(b.id);
                    }}
                    onDragEnd={endDrag}
                  />
                </Tooltip>
              )}
              {t(`emailEditor.block.${b.type}`)}
            </Typography.Text>
            {b.type !== 'footer' && (
              <Space size={0} onClick={(e) => e.stopPropagation()}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={!canMove(doc, b.id, -1)} onClick={() => onMove(b.id, -1)}
                  aria-label={t('emailEditor.editor.moveUp')} data-testid="block-up" />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={!canMove(doc, b.id, 1)} onClick={() => onMove(b.id, 1)}
                  aria-label={t('emailEditor.editor.moveDown')} data-testid="block-down" />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onRemove(b.id)}
                  aria-label={t('emailEditor.editor.remove')} data-testid="block-remove" />
              </Space>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
