// The overview's two charts, on Chakra's charts package (recharts): a chunk of its own, fetched
// only when the overview shows them. Each chart is a picture of what the text beside it says
// (the shares as a list, the 30 days as their first, last, highest and lowest values), so the
// drawing itself is hidden from assistive technology.
import { Chart, useChart } from "@chakra-ui/charts";
import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Area, AreaChart, CartesianGrid, Cell, Pie, PieChart, Tooltip, XAxis, YAxis } from "recharts";
import type { AllocationItem, ValuePoint } from "../api/get-wallet-overview";
import type { WalletText } from "./use-wallet-text";

/** A colour per coin, in the order the allocation lists them. */
const COLOURS = ["orange.solid", "blue.solid", "teal.solid", "green.solid", "red.solid", "gray.solid"] as const;

/** A chart's row: what it draws (`value`) and the exact amount it stands for (`text`). */
interface Row {
  readonly name?: string;
  readonly text: string;
}

/** A tooltip's line: the exact amount, after the coin where the row is one. */
function TipLine({ name, text, w }: Row & { readonly w: WalletText }) {
  return (
    <Text fontVariantNumeric="tabular-nums">
      {name ? `${w.coinName(name)} · ` : ""}
      {w.usd(text)}
    </Text>
  );
}

/** The split of the total value across coins: a ring, and each coin's share as a list. */
export function AllocationChart({ allocation, w }: { readonly allocation: readonly AllocationItem[]; readonly w: WalletText }) {
  const data = allocation.map((item, i) => ({
    name: item.coinCode,
    value: Number(item.value),
    text: item.value,
    color: COLOURS[i % COLOURS.length],
  }));
  const chart = useChart({ data });
  return (
    <Stack as="section" gap="3" aria-labelledby="wallet-allocation" flex="1" minWidth="0">
      <Heading as="h2" size="md" id="wallet-allocation">
        {w.t("wallet.overview.allocation")}
      </Heading>
      <HStack gap="6" align="center" wrap="wrap">
        <Box aria-hidden="true">
          <Chart.Root boxSize="40" chart={chart}>
            <PieChart responsive accessibilityLayer={false} tabIndex={-1}>
              <Tooltip
                cursor={false}
                animationDuration={100}
                content={<Chart.Tooltip hideLabel render={(row) => <TipLine {...(row as unknown as Row)} w={w} />} />}
              />
              <Pie
                // A picture: out of the tab order like the rest of it (the list says the same).
                rootTabIndex={-1}
                isAnimationActive={false}
                data={chart.data}
                dataKey={chart.key("value")}
                nameKey="name"
                innerRadius="60%"
                outerRadius="100%"
                strokeWidth={2}
              >
                {chart.data.map((item) => (
                  <Cell key={item.name} fill={chart.color(item.color) as string} />
                ))}
              </Pie>
            </PieChart>
          </Chart.Root>
        </Box>
        <Stack as="ul" gap="1" listStyleType="none">
          {allocation.map((item, i) => (
            <HStack as="li" key={item.coinCode} gap="2">
              <Box aria-hidden="true" boxSize="3" rounded="full" bg={COLOURS[i % COLOURS.length]} />
              <Text as="span" fontVariantNumeric="tabular-nums">
                {w.t("wallet.overview.share", { coin: w.coinName(item.coinCode), share: w.share(item.shareBps) })}
              </Text>
              <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums">
                {w.usd(item.value)}
              </Text>
            </HStack>
          ))}
        </Stack>
      </HStack>
    </Stack>
  );
}

/** The total value at the end of each of the last 30 UTC days, and its summary in words. */
export function HistoryChart({ history, w }: { readonly history: readonly ValuePoint[]; readonly w: WalletText }) {
  const data = history.map((point) => ({ date: point.date, value: Number(point.value), text: point.value }));
  const chart = useChart({ data, series: [{ name: "value", color: "teal.solid" }] });
  const first = history[0];
  const last = history.at(-1);
  const byValue = [...data].sort((a, b) => a.value - b.value);
  // A day of the history ("YYYY-MM-DD", UTC) as the user's language writes it; anything else
  // (the tooltip's label before it points at a day) as it is.
  const day = (date: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? new Intl.DateTimeFormat(w.locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`))
      : date;
  return (
    <Stack as="section" gap="3" aria-labelledby="wallet-history" flex="2" minWidth="0">
      <Heading as="h2" size="md" id="wallet-history">
        {w.t("wallet.overview.history")}
      </Heading>
      {first && last && (
        <Text fontSize="sm" color="fg.muted">
          {w.t("wallet.overview.history_summary", {
            start: day(first.date),
            from: w.usd(first.value),
            end: day(last.date),
            to: w.usd(last.value),
            high: w.usd(byValue.at(-1)?.text ?? last.value),
            low: w.usd(byValue[0]?.text ?? first.value),
          })}
        </Text>
      )}
      <Box aria-hidden="true">
        <Chart.Root height="56" chart={chart}>
          <AreaChart responsive data={chart.data} accessibilityLayer={false} tabIndex={-1} margin={{ left: 8, right: 8 }}>
            <CartesianGrid stroke={chart.color("border") as string} vertical={false} />
            <XAxis dataKey={chart.key("date")} tickLine={false} axisLine={false} tickFormatter={day} minTickGap={24} />
            <YAxis tickLine={false} axisLine={false} width={64} tickFormatter={chart.formatNumber({ notation: "compact" })} />
            <Tooltip
              animationDuration={100}
              cursor={{ stroke: chart.color("border.emphasized") as string }}
              content={
                <Chart.Tooltip
                  labelFormatter={(label) => (typeof label === "string" ? day(label) : label)}
                  render={(row) => <TipLine {...(row as unknown as Row)} w={w} />}
                />
              }
            />
            {chart.series.map((item) => (
              <Area
                key={item.name}
                type="monotone"
                isAnimationActive={false}
                dataKey={chart.key(item.name)}
                fill={chart.color(item.color) as string}
                fillOpacity={0.2}
                stroke={chart.color(item.color) as string}
                strokeWidth={2}
              />
            ))}
          </AreaChart>
        </Chart.Root>
      </Box>
    </Stack>
  );
}
