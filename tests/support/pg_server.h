// A private PostgreSQL server for a test: initdb in a temporary folder, started with pg_ctl on a
// free loopback port with its socket in that folder, stopped (immediately) and deleted when the
// object goes. No system service, no other host. As root (CI), the server runs as the
// `postgres` user, which the Debian package creates. psql runs scripts and queries.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace veil::testing {

class PgServer {
public:
    // Starts the server; false with the reason in error() (PostgreSQL not installed, initdb failed).
    bool start() {
        const QString bin = binDir();
        if (bin.isEmpty())
            return fail("PostgreSQL's server binaries are not installed (tools/install-deps.sh installs postgresql)");
        if (!m_dir.isValid()) return fail("no temporary folder");
        m_data = m_dir.filePath(QStringLiteral("data"));
        QDir().mkpath(m_data);
        m_asUser = ::geteuid() == 0 ? QStringLiteral("postgres") : QString();
        if (!m_asUser.isEmpty()) {
            const passwd* pw = ::getpwnam("postgres");
            if (!pw) return fail("running as root but there is no postgres user to run the server");
            QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                    QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup |
                                                    QFile::ExeGroup);
            if (::chown(m_data.toLocal8Bit().constData(), pw->pw_uid, pw->pw_gid) != 0)
                return fail("cannot chown the data folder");
            if (::chown(m_dir.path().toLocal8Bit().constData(), pw->pw_uid, pw->pw_gid) != 0)
                return fail("cannot chown the folder");
        }
        if (!runTool(bin + QStringLiteral("/initdb"),
                     {QStringLiteral("-D"), m_data, QStringLiteral("-U"), QStringLiteral("veil"),
                      QStringLiteral("--auth=trust"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                      QStringLiteral("--no-locale")}))
            return false;
        m_port = freePort();
        const QString options =
            QStringLiteral("-p %1 -k %2 -c listen_addresses=127.0.0.1 -c fsync=off").arg(m_port).arg(m_dir.path());
        if (!runTool(bin + QStringLiteral("/pg_ctl"),
                     {QStringLiteral("-D"), m_data, QStringLiteral("-l"), m_dir.filePath(QStringLiteral("server.log")),
                      QStringLiteral("-o"), options, QStringLiteral("-w"), QStringLiteral("start")}))
            return false;
        m_started = true;
        m_bin = bin;
        return true;
    }
    ~PgServer() {
        if (m_started)
            runTool(m_bin + QStringLiteral("/pg_ctl"), {QStringLiteral("-D"), m_data, QStringLiteral("-m"),
                                                        QStringLiteral("immediate"), QStringLiteral("stop")});
    }

    int port() const { return m_port; }
    const QString& error() const { return m_error; }

    // Runs a script (stops at the first error); true when it ran through. stdout/err in output().
    bool runScript(const QByteArray& sql, const QString& database = QStringLiteral("postgres")) {
        QFile file(m_dir.filePath(QStringLiteral("script-%1.sql").arg(++m_scripts)));
        if (!file.open(QIODevice::WriteOnly)) return fail("cannot write the script");
        file.write(sql);
        file.close();
        QProcess p;
        p.start(
            QStringLiteral("psql"),
            {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
             QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(m_port),
             QStringLiteral("-U"), QStringLiteral("veil"), QStringLiteral("-d"), database, QStringLiteral("-A"),
             QStringLiteral("-t"), QStringLiteral("-F"), QStringLiteral("|"), QStringLiteral("-f"), file.fileName()});
        if (!p.waitForFinished(120000)) return fail("psql did not finish");
        m_output = p.readAllStandardOutput() + p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }
    // The lines a query prints (fields separated by '|').
    QStringList query(const QByteArray& sql, const QString& database = QStringLiteral("postgres")) {
        if (!runScript(sql, database)) return {QStringLiteral("ERROR: ") + QString::fromUtf8(m_output)};
        return QString::fromUtf8(m_output).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }
    const QByteArray& output() const { return m_output; }

private:
    static QString binDir() {
        const QStringList versions =
            QDir(QStringLiteral("/usr/lib/postgresql")).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (auto it = versions.rbegin(); it != versions.rend(); ++it) {
            const QString bin = QStringLiteral("/usr/lib/postgresql/%1/bin").arg(*it);
            if (QFile::exists(bin + QStringLiteral("/initdb"))) return bin;
        }
        return {};
    }
    static int freePort() {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = 0;
        socklen_t len = sizeof a;
        int port = 0;
        if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
            port = ntohs(a.sin_port);
        ::close(fd);
        return port;
    }
    bool runTool(const QString& program, const QStringList& args) {
        QProcess p;
        if (m_asUser.isEmpty())
            p.start(program, args);
        else
            p.start(QStringLiteral("runuser"),
                    QStringList{QStringLiteral("-u"), m_asUser, QStringLiteral("--"), program} + args);
        if (!p.waitForFinished(120000)) return fail(program + QStringLiteral(" did not finish"));
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return fail(program + QStringLiteral(" failed: ") +
                        QString::fromUtf8(p.readAllStandardError() + p.readAllStandardOutput()));
        return true;
    }
    bool fail(const QString& why) {
        m_error = why;
        return false;
    }

    QTemporaryDir m_dir;
    QString m_data, m_bin, m_asUser, m_error;
    QByteArray m_output;
    int m_port = 0, m_scripts = 0;
    bool m_started = false;
};

}  // namespace veil::testing
