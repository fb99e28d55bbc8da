import * as styles from './Footer.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>© {new Date().getFullYear()} QuickCart. Groceries delivered in minutes across India.</p>
      </div>
    </footer>
  );
}
