// Private ClickHouse servers for a test: `shards` clickhouse-server processes on free loopback
// ports, each with its own config and data in a temporary folder, joined in the cluster
// `veil_cluster` (one shard per server, remote_servers), stopped and deleted when the object goes.
// No system service, no other host. clickhouse-client (the native TCP protocol, independent of
// Veil's HTTP client) loads data and reads results.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <vector>

namespace veil::testing {

class ClickHouseCluster {
public:
    ~ClickHouseCluster() {
        for (auto& node : m_nodes) {
            node.process->terminate();
            if (!node.process->waitForFinished(10000)) node.process->kill();
            node.process->waitForFinished(5000);
        }
    }

    // Starts the servers; false with the reason in error() (not installed, did not come up).
    bool start(int shards = 2) {
        if (QStandardPaths::findExecutable(QStringLiteral("clickhouse-server")).isEmpty() &&
            !QFile::exists(QStringLiteral("/usr/sbin/clickhouse-server")))
            return fail("clickhouse-server is not installed (tools/install-deps.sh installs it)");
        if (!m_dir.isValid()) return fail("no temporary folder");
        for (int i = 0; i < shards; ++i) m_nodes.push_back({freePort(), freePort(), nullptr});
        writeUsers();
        for (int i = 0; i < shards; ++i) {
            const QString dir = m_dir.filePath(QStringLiteral("n%1").arg(i));
            QDir().mkpath(dir);
            writeConfig(i, dir);
            auto& node = m_nodes[std::size_t(i)];
            node.process = std::make_unique<QProcess>();
            node.process->setProcessChannelMode(QProcess::MergedChannels);
            node.process->setStandardOutputFile(dir + QStringLiteral("/stdout.log"));
            node.process->start(serverBinary(),
                                {QStringLiteral("--config-file=") + dir + QStringLiteral("/config.xml")});
            if (!node.process->waitForStarted(10000)) return fail("clickhouse-server did not start");
        }
        for (int i = 0; i < shards; ++i)
            if (!waitReady(i)) return false;
        return true;
    }

    int httpPort(int node) const { return m_nodes[std::size_t(node)].http; }
    const QString& error() const { return m_error; }
    const QByteArray& output() const { return m_output; }

    // Runs statements (separated by ';') on a node with clickhouse-client; `input` goes to stdin.
    bool run(int node, const QString& sql, const QByteArray& input = {}) {
        QProcess p;
        p.start(QStringLiteral("clickhouse-client"),
                {QStringLiteral("--host"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
                 QString::number(m_nodes[std::size_t(node)].tcp), QStringLiteral("--multiquery"),
                 QStringLiteral("--query"), sql});
        if (!p.waitForStarted(10000)) return fail("clickhouse-client did not start");
        if (!input.isEmpty()) p.write(input);
        p.closeWriteChannel();
        if (!p.waitForFinished(300000)) return fail("clickhouse-client did not finish");
        m_output = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return fail(QStringLiteral("clickhouse-client failed: ") + QString::fromUtf8(err + m_output));
        return true;
    }

private:
    struct Node {
        int http = 0, tcp = 0;
        std::unique_ptr<QProcess> process;
    };

    static QString serverBinary() {
        const QString found = QStandardPaths::findExecutable(QStringLiteral("clickhouse-server"));
        return found.isEmpty() ? QStringLiteral("/usr/sbin/clickhouse-server") : found;
    }

    void writeUsers() {
        QFile f(m_dir.filePath(QStringLiteral("users.xml")));
        f.open(QIODevice::WriteOnly);
        f.write(
            "<?xml version=\"1.0\"?>\n<yandex>\n"
            "  <profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>\n"
            "  <users><default><password></password><networks><ip>127.0.0.1</ip></networks>"
            "<profile>default</profile><quota>default</quota></default></users>\n"
            "  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>"
            "<result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time>"
            "</interval></default></quotas>\n</yandex>\n");
    }

    void writeConfig(int i, const QString& dir) {
        QString shards;
        for (const auto& n : m_nodes)
            shards +=
                QStringLiteral("<shard><replica><host>127.0.0.1</host><port>%1</port></replica></shard>").arg(n.tcp);
        QFile f(dir + QStringLiteral("/config.xml"));
        f.open(QIODevice::WriteOnly);
        f.write(
            QStringLiteral("<?xml version=\"1.0\"?>\n<yandex>\n"
                           "  <logger><level>warning</level><log>%1/server.log</log><errorlog>%1/err.log</errorlog>"
                           "<size>10M</size><count>1</count></logger>\n"
                           "  <http_port>%2</http_port><tcp_port>%3</tcp_port><listen_host>127.0.0.1</listen_host>\n"
                           "  <path>%1/data/</path><tmp_path>%1/tmp/</tmp_path>"
                           "<user_files_path>%1/user_files/</user_files_path>"
                           "<format_schema_path>%1/format_schemas/</format_schema_path>\n"
                           "  <mark_cache_size>268435456</mark_cache_size><uncompressed_cache_size>0"
                           "</uncompressed_cache_size>\n"
                           "  <users_config>%4</users_config><default_profile>default</default_profile>"
                           "<default_database>default</default_database>\n"
                           "  <remote_servers><veil_cluster>%5</veil_cluster></remote_servers>\n</yandex>\n")
                .arg(dir)
                .arg(m_nodes[std::size_t(i)].http)
                .arg(m_nodes[std::size_t(i)].tcp)
                .arg(m_dir.filePath(QStringLiteral("users.xml")), shards)
                .toUtf8());
    }

    bool waitReady(int i) {
        for (int attempt = 0; attempt < 300; ++attempt) {
            if (m_nodes[std::size_t(i)].process->state() != QProcess::Running)
                return fail(QStringLiteral("clickhouse-server %1 stopped; see its log").arg(i));
            QProcess p;
            p.start(
                QStringLiteral("clickhouse-client"),
                {QStringLiteral("--host"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
                 QString::number(m_nodes[std::size_t(i)].tcp), QStringLiteral("--query"), QStringLiteral("SELECT 1")});
            if (p.waitForFinished(10000) && p.exitCode() == 0) return true;
            QThread::msleep(100);
        }
        return fail(QStringLiteral("clickhouse-server %1 did not answer within 30 s").arg(i));
    }

    static int freePort() {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        int port = 0;
        if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
            port = ntohs(a.sin_port);
        ::close(fd);
        return port;
    }

    bool fail(const QString& why) {
        m_error = why;
        return false;
    }

    QTemporaryDir m_dir;
    std::vector<Node> m_nodes;
    QString m_error;
    QByteArray m_output;
};

}  // namespace veil::testing
