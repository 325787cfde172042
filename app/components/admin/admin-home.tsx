import { Link } from "@remix-run/react";
import type { AdminStats } from "~/models/admin-stats.server";
import type { AuditEntry } from "~/models/audit-log.server";
import { RecentActivity } from "./audit-log-list";
import { Card, StatTile } from "./ui";

const QUICK_LINKS = [
  { to: "/admin/dashboard", title: "Dashboard", text: "İstatistikler ve son yüklemeler" },
  { to: "/admin/businesses", title: "İşletmeler", text: "Ara, onayla, sil, dışa aktar" },
  { to: "/admin/upload", title: "Excel Yükleme", text: "Toplu işletme içe aktarma" },
  { to: "/admin/messages", title: "Mesajlar", text: "İletişim formundan gelenler" },
  { to: "/admin/settings", title: "Site Ayarları", text: "Kod alanları, cache, sitemap" },
  { to: "/admin/reports", title: "Raporlar", text: "Moderasyon, üyeler, başvurular" },
];

export function AdminHome({ stats, activity, username }: { stats: AdminStats; activity: AuditEntry[]; username: string }) {
  return (
    <div className="space-y-6">
      <div className="rounded-2xl bg-gradient-to-r from-blue-600 to-indigo-600 p-6 text-white shadow">
        <h1 className="text-2xl font-bold">Hoş geldiniz, {username}</h1>
        <p className="mt-1 text-blue-100">İşletme rehberinin yönetim paneli. Tüm sayılar canlı veritabanından gelir.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatTile label="Sistem" value="Aktif" tone="green" hint="Sunucu yanıt veriyor" />
        <StatTile label="Ülke" value={stats.totalCountries.toLocaleString("tr-TR")} tone="blue" hint="Onaylı işletmesi olan ülkeler" />
        <StatTile label="Şehir" value={stats.totalCities.toLocaleString("tr-TR")} tone="violet" />
        <StatTile label="Kategori" value={stats.totalCategories.toLocaleString("tr-TR")} tone="amber" />
      </div>
      <Card title="Hızlı erişim">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
          {QUICK_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="rounded-xl border border-slate-200 p-4 hover:border-blue-400 hover:shadow dark:border-slate-700">
              <p className="font-semibold">{link.title}</p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{link.text}</p>
              {link.to === "/admin/businesses" ? (
                <p className="mt-2 text-lg font-bold text-blue-600" data-testid="home-business-total">{stats.totalBusinesses.toLocaleString("tr-TR")}</p>
              ) : null}
            </Link>
          ))}
        </div>
      </Card>
      <RecentActivity entries={activity} />
    </div>
  );
}
