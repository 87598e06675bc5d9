import type { ActionStyle, Tool } from '../../types';
import { sameListing, type ToolView } from '../common/react-loop';
import { toolDocLine } from '../../llm/prompts/tool-listing';

/** Every tool with its documentation and the guidance ToolExpNet learned for it (section 3.2). */
export function guidanceView(tools: Tool[], style: ActionStyle, guidance: Map<string, string>): ToolView {
  const line = (tool: Tool) => {
    const learned = guidance.get(tool.name);
    return learned ? `${toolDocLine(tool, style)} Guidance: ${learned}` : toolDocLine(tool, style);
  };
  const toolLines = tools.map(line);
  const listing = sameListing(tools, { toolLines, options: tools.map((tool, i) => ({ name: tool.name, shown: toolLines[i] })), parseTools: tools });
  return { listing: () => listing };
}
