/** @jsxImportSource preact */
import { render } from 'preact';
import './frame.css';

render(<p>checkout</p>, document.getElementById('kco-root')!);
