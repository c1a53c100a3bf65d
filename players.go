package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/ssh"

	"fray/model"
	"fray/report"
	"fray/rules"
	"fray/saves"
	"fray/serve"
	"fray/tui/player"
)

// The commands that show the fight to players and write it up:
// fray watch, fray serve and fray report.

// runWatch shows the player view in this terminal; tests replace it.
var runWatch = player.Watch

// watch is `fray watch FILE`: the player view on a second screen.
func (a *app) watch(arg string) int {
	path, err := a.existingPath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	if _, _, err := saves.Load(path, a.reg); err != nil {
		return a.failLoad(err)
	}
	if err := runWatch(path, a.reg); err != nil {
		return a.fail(err)
	}
	return 0
}

// serveStop lets a test stop `fray serve` as ctrl+c would.
var serveStop = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
}

// serveFile is `fray serve FILE`: the player view over SSH.
func (a *app) serveFile(arg string, flags map[string]string) int {
	path, err := a.existingPath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	if _, _, err := saves.Load(path, a.reg); err != nil {
		return a.failLoad(err)
	}
	dir, err := saves.EnsureDir()
	if err != nil {
		return a.fail(err)
	}
	addr := flags["listen"]
	if addr == "" {
		addr = serve.DefaultAddr
	}
	if err := checkListen(addr); err != nil {
		return reportUsage(a.stderr, err)
	}
	cfg := serve.Config{Path: path, Registry: a.reg, HostKeyPath: filepath.Join(dir, serve.HostKeyName),
		Password: flags["password"], AuthorizedKeys: flags["authorized-keys"], Log: a.stderr}
	if _, ok := flags["password"]; ok && cfg.Password == "" {
		return reportUsage(a.stderr, usagef("--password needs a password"))
	}
	srv, err := serve.New(cfg)
	if err != nil {
		return a.fail(err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return a.fail(fmt.Errorf("cannot listen on %s: %w", addr, err))
	}
	sayf(a.stdout, "showing %s to players over SSH on %s", path, ln.Addr())
	fmt.Fprintf(a.stdout, "  players connect with: %s\n", sshHint(ln.Addr(), networkHosts()))
	switch {
	case cfg.Password != "" && cfg.AuthorizedKeys != "":
		fmt.Fprintf(a.stdout, "  they need the password, or a key in %s\n", cfg.AuthorizedKeys)
	case cfg.Password != "":
		fmt.Fprintln(a.stdout, "  they need the password")
	case cfg.AuthorizedKeys != "":
		fmt.Fprintf(a.stdout, "  they need a key in %s\n", cfg.AuthorizedKeys)
	default:
		fmt.Fprintln(a.stdout, "  anyone who can reach the port may watch (nobody can change anything)")
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		fmt.Fprintf(a.stdout, "  only this computer can connect: --listen 0.0.0.0:%d lets the table's devices in\n", tcp.Port)
	}
	fmt.Fprintln(a.stdout, "  ctrl+c stops")
	ctx, stop := serveStop()
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
		return a.fail(err)
	}
	return 0
}

// sshHint is the command a player types to connect to addr. Listening on
// every address, it names the first of hosts (this computer's addresses
// on the network, networkHosts) and the others after it, or THIS-COMPUTER
// when none is known.
func sshHint(addr net.Addr, hosts []string) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "ssh " + addr.String()
	}
	others := ""
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "THIS-COMPUTER" // any address of this machine
		if len(hosts) > 0 {
			host = hosts[0]
		}
		if len(hosts) > 1 {
			others = " (or " + strings.Join(hosts[1:], ", ") + ")"
		}
	}
	if port == "22" {
		return "ssh " + host + others
	}
	return "ssh -p " + port + " " + host + others
}

// networkHosts are the addresses the table's devices may reach this
// computer at: IPv4 addresses of its interfaces that are up, leaving out
// loopback and link-local ones (and IPv6, which few table devices type).
func networkHosts() []string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var hosts []string
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			if ip := n.IP.To4(); ip != nil && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() {
				hosts = append(hosts, ip.String())
			}
		}
	}
	return hosts
}

// writeReport is `fray report FILE`: the fight written up, to standard
// output or to OUT.
func (a *app) writeReport(arg, format, out string) int {
	if ext := strings.ToLower(filepath.Ext(out)); format == "" && (ext == ".html" || ext == ".htm") {
		format = "html" // -o notes.html asks for the page
	}
	f, err := report.ParseFormat(format)
	if err != nil {
		return reportUsage(a.stderr, err)
	}
	path, err := a.existingPath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	e, s, err := saves.Load(path, a.reg)
	if err != nil {
		return a.failLoad(err)
	}
	// A fight nobody has open has its clock stopped at the last save.
	at := e.Clock.ReadAt(time.Now(), saves.Kept(path))
	if out == "" || out == "-" {
		if err := report.Write(a.stdout, e, s, f, at); err != nil {
			return a.fail(err)
		}
		return 0
	}
	if err := saveReport(out, func(b *bytes.Buffer) error { return report.Write(b, e, s, f, at) }); err != nil {
		return a.fail(err)
	}
	sayf(a.stderr, "wrote the report to %s", out)
	return 0
}

// reportBeside writes the Markdown report of an encounter beside its
// file (crypt.toml → crypt-report.md, or crypt-report-2.md… where one is
// there already) and returns where.
func reportBeside(path string, e *model.Encounter, s rules.System) (string, error) {
	var b bytes.Buffer
	if err := report.Write(&b, e, s, report.Markdown, time.Now()); err != nil {
		return "", err
	}
	// An earlier report (of an earlier session, say) is kept: the new one
	// takes NAME-report-2.md and so on.
	return saves.WriteNew(strings.TrimSuffix(path, filepath.Ext(path))+"-report"+report.Markdown.Ext(), b.Bytes())
}

// saveReport writes a report file atomically, refusing to write over an
// encounter.
func saveReport(path string, write func(*bytes.Buffer) error) error {
	if strings.EqualFold(filepath.Ext(path), ".toml") {
		return fmt.Errorf("%s: a report is not written over a .toml file (it could be an encounter)", path)
	}
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return saves.WriteFile(path, b.Bytes())
}

// checkListen refuses a --listen that is no address at all, a mistake in
// the command line rather than an address that cannot be had (a port in
// use), which net.Listen reports.
func checkListen(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err == nil {
		if n, perr := strconv.Atoi(port); perr != nil || n < 0 || n > 65535 {
			err = fmt.Errorf("no port %q", port)
		}
	}
	if err != nil {
		return usagef("--listen takes HOST:PORT, such as 0.0.0.0:2222 (every address of this computer) or 127.0.0.1:2222 (this computer alone), not %q", addr)
	}
	return nil
}
