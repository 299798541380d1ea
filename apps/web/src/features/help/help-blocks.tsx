import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { HelpBlock } from './help-article.ts';

function OpenButton({ to, text }: { to: string; text: string }) {
  const navigate = useNavigate();
  return (
    <Typography.Paragraph>
      <Button type="primary" onClick={() => void navigate(to)} data-testid="help-open">{text}</Button>
    </Typography.Paragraph>
  );
}

function Block({ block, index }: { block: HelpBlock; index: number }) {
  switch (block.kind) {
    case 'heading':
      return <Typography.Title level={4}>{block.text}</Typography.Title>;
    case 'paragraph':
      return <Typography.Paragraph>{block.text}</Typography.Paragraph>;
    case 'steps':
      return <Typography.Paragraph><ol>{block.items.map((s) => <li key={s}>{s}</li>)}</ol></Typography.Paragraph>;
    case 'list':
      return <Typography.Paragraph><ul>{block.items.map((s) => <li key={s}>{s}</li>)}</ul></Typography.Paragraph>;
    case 'records':
      return (
        <Table
          size="small"
          pagination={false}
          style={{ marginBottom: 16 }}
          scroll={{ x: true }}
          rowKey={(row) => row.join('|')}
          dataSource={block.rows}
          columns={block.columns.map((title, i) => ({
            title,
            key: String(i),
            render: (_: unknown, row: string[]) => <Typography.Text code>{row[i]}</Typography.Text>,
          }))}
          data-testid={`help-records-${index}`}
        />
      );
    case 'tip':
      return <Alert type="info" showIcon icon={<InfoCircleOutlined />} title={block.text} style={{ marginBottom: 16 }} />;
    case 'open':
      return <OpenButton to={block.to} text={block.text} />;
  }
}

/** An article's blocks with the admin's own components (no HTML from strings). */
export function HelpBlocks({ blocks }: { blocks: HelpBlock[] }) {
  return <>{blocks.map((b, i) => <Block key={i} block={b} index={i} />)}</>;
}
