import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import 'material-symbols/outlined.css';
import './app/app.css';
import { start } from './app/start.tsx';

const root = document.getElementById('root');
if (root) start(root);
