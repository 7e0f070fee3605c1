import { Box } from '@mui/material';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editorFrameSx } from './editor-styles';

describe("the editor's frame", () => {
  it('is styled whatever the page break is called (a one-word Chinese name once broke the whole style)', () => {
    for (const name of ['Page break', '分页符', 'Salto']) {
      const { container, unmount } = render(<Box sx={editorFrameSx({ minHeight: 100, pageBreak: name })} />);
      const frame = container.firstElementChild!;
      expect(frame.className, name).toMatch(/^MuiBox-root css-[\w-]+$/);
      expect(getComputedStyle(frame).position, name).toBe('relative');
      unmount();
    }
  });
});
