import type { ActionStyle, Tool } from '../../types';
import type { ToolListing, ToolView } from '../shared/react-loop';
import { toolDocLine } from '../../llm/prompts/tool-listing';

/** Every tool with its documentation and the guidance ToolExpNet learned for it (section 3.2). */
export function guidanceView(tools: Tool[], style: ActionStyle, guidance: Map<string, string>): ToolView {
  const line = (tool: Tool) => {
    const learned = guidance.get(tool.name);
    return learned ? `${toolDocLine(tool, style)} Guidance: ${learned}` : toolDocLine(tool, style);
  };
  const listing: ToolListing = { toolLines: tools.map(line), options: tools.map((tool) => ({ name: tool.name, shown: line(tool) })), parseTools: tools };
  return { listing: () => listing };
}
