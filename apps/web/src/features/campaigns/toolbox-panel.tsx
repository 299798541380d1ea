import { Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BlockedProductsPanel } from './blocked-products-panel.tsx';
import { LinkGeneratorPanel } from './link-generator-panel.tsx';

const TOOLS = ['blocked', 'links'] as const;

/**
 * The toolbox's tools, one at a time: each has a table of its own, and stacked they would push
 * the second far below the first on a phone. `?tool=links` opens the link generator, so a link
 * or a reload keeps it; the blocked-product list, the first tool, needs no parameter.
 */
export function ToolboxPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tool = params.get('tool') === 'links' ? 'links' : 'blocked';
  return (
    <Flex vertical gap={16}>
      <Segmented
        value={tool}
        onChange={(v) => setParams(v === 'links' ? { tab: 'toolbox', tool: v } : { tab: 'toolbox' }, { replace: true })}
        options={TOOLS.map((k) => ({ value: k, label: <span data-testid={`toolbox-${k}`}>{t(`campaigns.tools.${k}`)}</span> }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {tool === 'links' ? <LinkGeneratorPanel /> : <BlockedProductsPanel />}
    </Flex>
  );
}
