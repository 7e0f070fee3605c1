import { createFileRoute } from '@tanstack/react-router';
import { BinnaclePage } from '../../features/binnacle/BinnaclePage';
import { listSearch } from '../../ui/list-search';

export const Route = createFileRoute('/_app/binnacle')({
  validateSearch: listSearch,
  component: () => <BinnaclePage />,
});
